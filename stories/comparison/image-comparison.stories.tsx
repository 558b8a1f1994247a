import type { Meta, StoryObj } from '@storybook/react-vite';
import { ImageComparison, type ImageComparisonProps } from '@toolcard/ui-tool-image';
import DiffWorker from '@toolcard/ui-tool-image/diff-worker?worker';
import { useState, type ReactNode } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { storyKeyboard } from '../lightbox/keyboard';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { BROKEN, CHANGED, CHANGED_LARGE, cardImage, GOLDEN, loadCalls, loadComparedImage } from './compared-images';

/** The comparison is portalled into document.body, outside the story's canvas. */
const page = within(document.body);

/** Workers the stories made (a Same image must make none), and the comparisons posted to them. */
let workersMade = 0;
let comparisonsPosted = 0;

function createDiffWorker(): Worker {
  workersMade += 1;
  const worker = new DiffWorker();
  const post = worker.postMessage.bind(worker) as (message: unknown) => void;
  worker.postMessage = (message: unknown) => {
    comparisonsPosted += 1;
    post(message);
  };
  return worker;
}

/** The comparison over a page, reopened by a button (focus comes back to it). */
function ComparisonOverPage({ onClose, ...props }: ImageComparisonProps): ReactNode {
  const [open, setOpen] = useState(true);
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <button
        ref={setOpener}
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Compare the screenshots
      </button>
      {open ? (
        <ImageComparison
          {...props}
          returnFocusTo={opener}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

const meta = {
  title: 'Comparison/Image comparison',
  component: ImageComparison,
  args: {
    before: { image: cardImage(GOLDEN), loadImage: loadComparedImage },
    after: { image: cardImage(CHANGED), loadImage: loadComparedImage },
    createDiffWorker,
    onClose: fn(),
  },
  render: (args) => <ComparisonOverPage {...args} />,
  parameters: {
    toolcard: { loadImage: loadComparedImage } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
  beforeEach: () => {
    workersMade = 0;
    comparisonsPosted = 0;
    loadCalls.length = 0;
  },
} satisfies Meta<typeof ImageComparison>;

export default meta;
type Story = StoryObj<typeof meta>;

const CHANGED_SHARE = /^[\d,]+ pixels changed \((?:< )?\d+\.\d %\)$/;

async function dialogOf(name = 'Compare golden-run.png and new-run.png'): Promise<HTMLElement> {
  return page.findByRole('dialog', { name });
}

/** The live region's text: the mode and the result. */
function resultOf(dialog: HTMLElement): HTMLElement {
  const result = dialog.querySelector<HTMLElement>('[aria-live="polite"]');
  if (result === null) throw new Error('The comparison has no live region');
  return result;
}

/** Waits for the pixel count (the worker's answer) and returns the share part. */
async function changedText(dialog: HTMLElement): Promise<string> {
  await waitFor(() => expect(resultOf(dialog).textContent).toMatch(/pixels? changed|No pixels changed/), { timeout: 10_000 });
  return resultOf(dialog).textContent.replace(/^[^:]+: /, '');
}

/** Both runs' screenshots side by side; the result is known before a mode that draws it is chosen. */
export const SideBySide: Story = {
  play: async ({ step }) => {
    const dialog = await dialogOf();
    await step('modal, focus on Close, the four modes as a radio group', async () => {
      await expect(dialog.matches(':modal')).toBe(true);
      await expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
      const modes = within(dialog).getAllByRole('radio');
      await expect(modes.map((mode) => mode.textContent)).toEqual(['Side by side', 'Swipe', 'Onion skin', 'Difference']);
      await expect(within(dialog).getByRole('radio', { name: 'Side by side' })).toHaveAttribute('aria-checked', 'true');
    });
    await step('both images, named by their side', async () => {
      await expect(await within(dialog).findByRole('img', { name: 'A: golden-run.png' })).toBeVisible();
      await expect(await within(dialog).findByRole('img', { name: 'B: new-run.png' })).toBeVisible();
    });
    await step('a non-zero share of changed pixels, from one worker, each image loaded once', async () => {
      await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
      await expect(resultOf(dialog)).toHaveTextContent(/^Side by side: /);
      await expect(workersMade).toBe(1);
      await expect(comparisonsPosted).toBe(1);
      await expect([...loadCalls].sort()).toEqual([CHANGED.attachmentId, GOLDEN.attachmentId].sort());
    });
  },
};

/** The keyboard walk through the modes: arrows in the switcher, digits anywhere, and the slider. */
export const SwitchModesWithTheKeyboard: Story = {
  play: async ({ args, step }) => {
    const keyboard = await storyKeyboard();
    const dialog = await dialogOf();
    const share = await changedText(dialog);
    await expect(share).toMatch(CHANGED_SHARE);

    await step('→ in the switcher chooses Swipe; its slider moves with the keys', async () => {
      within(dialog).getByRole('radio', { name: 'Side by side' }).focus();
      await keyboard.press('{ArrowRight}');
      const swipe = within(dialog).getByRole('radio', { name: 'Swipe' });
      await expect(swipe).toHaveAttribute('aria-checked', 'true');
      await expect(document.activeElement).toBe(swipe);
      await expect(resultOf(dialog)).toHaveTextContent(`Swipe: ${share}`);
      const slider = within(dialog).getByRole('slider', { name: /Swipe position/ });
      slider.focus();
      await keyboard.press('{ArrowRight}{ArrowRight}');
      await expect(slider).toHaveValue('52');
    });

    await step('→ again: Onion skin, with its opacity slider', async () => {
      within(dialog).getByRole('radio', { name: 'Swipe' }).focus();
      await keyboard.press('{ArrowRight}');
      await expect(within(dialog).getByRole('radio', { name: 'Onion skin' })).toHaveAttribute('aria-checked', 'true');
      await expect(within(dialog).getByRole('slider', { name: 'Opacity of B over A' })).toHaveValue('50');
    });

    await step('4 from the Close button: Difference, the changed pixels drawn and outlined', async () => {
      within(dialog).getByRole('button', { name: 'Close' }).focus();
      await keyboard.press('4');
      await expect(within(dialog).getByRole('radio', { name: 'Difference' })).toHaveAttribute('aria-checked', 'true');
      await expect(resultOf(dialog)).toHaveTextContent(`Difference: ${share}`);
      await expect(dialog.querySelectorAll('.tc-comparison__regions rect').length).toBeGreaterThan(0);
    });

    await step('Esc closes once, focus back on the opener', async () => {
      await keyboard.press('{Escape}');
      await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
      await expect(args.onClose).toHaveBeenCalledTimes(1);
      await expect(document.activeElement).toBe(page.getByRole('button', { name: 'Compare the screenshots' }));
    });
  },
};

export const Swipe: Story = {
  args: { initialMode: 'swipe' },
  play: async () => {
    const dialog = await dialogOf();
    await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
    await expect(within(dialog).getByRole('slider', { name: /Swipe position/ })).toHaveValue('50');
  },
};

export const OnionSkin: Story = {
  args: { initialMode: 'onion-skin' },
  play: async () => {
    const dialog = await dialogOf();
    await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
    await expect(within(dialog).getByRole('slider', { name: 'Opacity of B over A' })).toBeVisible();
  },
};

/** The new panel in red over the dimmed new screenshot, its region outlined. */
export const Difference: Story = {
  args: { initialMode: 'difference' },
  play: async () => {
    const dialog = await dialogOf();
    await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
    await waitFor(() => expect(dialog.querySelectorAll('.tc-comparison__regions rect').length).toBeGreaterThan(0));
  },
};

/** No worker given: the page's thread compares, in short steps, to the same count. */
export const DifferenceWithoutAWorker: Story = {
  args: { initialMode: 'difference' },
  render: (args) => <ComparisonOverPage {...args} createDiffWorker={undefined} />,
  tags: ['!screenshot'],
  play: async () => {
    const dialog = await dialogOf();
    await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
    await expect(workersMade).toBe(0);
  },
};

/** A worker whose script throws as it starts: the page's thread compares instead, to the same count. */
export const DifferenceWhenTheWorkerFails: Story = {
  args: { initialMode: 'difference' },
  render: (args) => (
    <ComparisonOverPage
      {...args}
      createDiffWorker={() => new Worker(URL.createObjectURL(new Blob(['throw new Error("This worker fails as it starts.");'], { type: 'text/javascript' })))}
    />
  ),
  tags: ['!screenshot'],
  play: async () => {
    const dialog = await dialogOf();
    await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
  },
};

/** A worker the page may not start (as under a policy that forbids workers): the page's thread compares, to the same count. */
export const DifferenceWhereNoWorkerMayStart: Story = {
  args: { initialMode: 'difference' },
  render: (args) => (
    <ComparisonOverPage
      {...args}
      createDiffWorker={() => {
        throw new DOMException('Workers may not start here.', 'SecurityError');
      }}
    />
  ),
  tags: ['!screenshot'],
  play: async () => {
    const dialog = await dialogOf();
    await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
  },
};

/** The same digest on both sides: said so, one image loaded, nothing decoded, no worker. */
export const SameImage: Story = {
  args: { after: { image: cardImage(GOLDEN), loadImage: loadComparedImage } },
  play: async () => {
    const dialog = await dialogOf('Compare golden-run.png and golden-run.png');
    await expect(await within(dialog).findByRole('img', { name: 'golden-run.png' })).toBeVisible();
    await expect(resultOf(dialog)).toHaveTextContent('Same image');
    await expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    // Long enough for a comparison to have started, were one going to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(workersMade).toBe(0);
    await expect(loadCalls).toEqual([GOLDEN.attachmentId]);
    await expect(resultOf(dialog)).toHaveTextContent('Same image');
  },
};

/** B at twice the size: compared at A's, and the caption says so. */
export const DifferentSizes: Story = {
  args: { initialMode: 'difference', after: { image: cardImage(CHANGED_LARGE), loadImage: loadComparedImage } },
  play: async () => {
    const dialog = await dialogOf('Compare golden-run.png and new-run@2x.png');
    await expect(await changedText(dialog)).toMatch(CHANGED_SHARE);
    await expect(dialog).toHaveTextContent('Compared at 1280 × 800; B was 2560 × 1600');
  },
};

/** B could not be loaded: its side says so with a retry, and nothing is compared. */
export const FailedLoad: Story = {
  args: { initialMode: 'difference', after: { image: cardImage(BROKEN), loadImage: loadComparedImage } },
  parameters: { toolcard: { loadImage: loadComparedImage, imageCache: { retries: 0 } } satisfies ToolcardParameters },
  play: async () => {
    const dialog = await dialogOf('Compare golden-run.png and lost.png');
    await expect(await within(dialog).findByText('Couldn’t load the image', {}, { timeout: 5000 })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(await within(dialog).findByRole('img', { name: 'A: golden-run.png' })).toBeVisible();
    await expect(resultOf(dialog)).toHaveTextContent('Difference: The images could not be compared.');
    // Its worker started with the view, while the images loaded; it was given nothing to compare.
    await expect(workersMade).toBe(1);
    await expect(comparisonsPosted).toBe(0);
  },
};
