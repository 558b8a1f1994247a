import type { Meta, StoryObj } from '@storybook/react-vite';
import { AttachmentNotAvailableError, ImageLightbox, parseSessionLog, SessionReplay, type ImageLightboxProps, type LoadImage } from '@toolcard/ui-tool-image';
import { useState, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { imageResultContent, sessionLog, STORY_CWD, toolCall, toolResult, userMessage } from '../support/session-log';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { FIVE_IMAGE_CARD_IMAGES, FIVE_IMAGES, loadGeneratedImage } from './generated-images';
import { storyKeyboard } from './keyboard';
import type { ThemeParameters } from '../support/theme';
import { NARROW_VIEWPORT_GLOBALS, NARROW_VIEWPORT_PARAMETERS, NARROW_WIDTH } from '../support/viewports';

/** Keys that reached the host page's document while the story ran. */
const hostKeys: string[] = [];

/** The lightbox is portalled into document.body, outside the story's canvas. */
const page = within(document.body);

const SHOTS_PATH = `${STORY_CWD}/docs/shots.png`;
const [FIRST_IMAGE, ...MORE_IMAGES] = FIVE_IMAGES;

/** A `read_image` call whose result holds five images: its card shows them in a gallery. */
const FIVE_IMAGE_LOG = parseSessionLog(
  sessionLog([
    userMessage('Compare the screenshots in docs/shots.png'),
    toolCall('read-5', 'read_image', { file_path: SHOTS_PATH }),
    toolResult('read-5', [...imageResultContent(SHOTS_PATH, FIRST_IMAGE), ...MORE_IMAGES.map((attachment) => ({ type: 'image', attachment }))], {
      meta: { path: SHOTS_PATH },
    }),
  ]),
);

function FiveImageCard(): ReactNode {
  return <SessionReplay log={FIVE_IMAGE_LOG} />;
}

/** The card with its gallery, and the lightbox open over it on an image (reopened by a button). */
function LightboxOverCard({ index: start, onIndexChange, onClose, ...props }: ImageLightboxProps): ReactNode {
  const [index, setIndex] = useState<number | null>(start);
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <FiveImageCard />
      <button
        ref={setOpener}
        type="button"
        onClick={() => {
          setIndex(start);
        }}
      >
        Open the lightbox
      </button>
      {index === null ? null : (
        <ImageLightbox
          {...props}
          index={index}
          returnFocusTo={opener}
          onIndexChange={(next) => {
            onIndexChange(next);
            setIndex(next);
          }}
          onClose={() => {
            onClose();
            setIndex(null);
          }}
        />
      )}
    </>
  );
}

const meta = {
  title: 'Lightbox/Image lightbox',
  component: ImageLightbox,
  args: {
    images: FIVE_IMAGE_CARD_IMAGES,
    index: 1,
    loadImage: loadGeneratedImage,
    onIndexChange: fn(),
    onClose: fn(),
  },
  render: (args) => <LightboxOverCard {...args} />,
  parameters: {
    // The card's own gallery loads through the provider.
    toolcard: { loadImage: loadGeneratedImage } satisfies ToolcardParameters,
    // Checked (axe) and captured in the dark theme too.
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
  beforeEach: () => {
    hostKeys.length = 0;
    const record = (event: KeyboardEvent) => hostKeys.push(event.key);
    document.addEventListener('keydown', record);
    return () => {
      document.removeEventListener('keydown', record);
    };
  },
} satisfies Meta<typeof ImageLightbox>;

export default meta;
type Story = StoryObj<typeof meta>;

function counterOf(dialog: HTMLElement): HTMLElement {
  const counter = dialog.querySelector<HTMLElement>('.tc-lightbox__counter');
  if (counter === null) throw new Error('The lightbox has no counter');
  return counter;
}

async function expectFocusInside(dialog: HTMLElement): Promise<void> {
  await expect(dialog.contains(document.activeElement)).toBe(true);
}

/** Open on the downscaled diagram: caption, fit to screen, 1:1, and one close per Esc. */
export const OverAFiveImageCard: Story = {
  play: async ({ args, step }) => {
    const keyboard = await storyKeyboard();
    const dialog = await page.findByRole('dialog', { name: 'diagram.png' });

    await step('modal, focus inside, the page behind inert', async () => {
      await expect(dialog.matches(':modal')).toBe(true);
      await expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
      const thumbnail = page.getByRole('button', { name: 'terminal.png' });
      thumbnail.focus();
      await expectFocusInside(dialog);
      await expect(counterOf(dialog)).toHaveTextContent('2 / 5');
    });

    await step('the controls say their words, no icons', async () => {
      for (const control of toolbarControls(dialog)) {
        await expect(control.querySelector('.tc-lightbox__icon')).not.toBeVisible();
        const label = control.querySelector<HTMLElement>('.tc-lightbox__label');
        await expect(label?.getBoundingClientRect().width).toBeGreaterThan(16);
      }
    });

    await step('caption: stored and original size, bytes', async () => {
      const details = dialog.querySelector('.tc-lightbox__details');
      await expect(details).toHaveTextContent('Stored 1600 × 1200');
      await expect(details).toHaveTextContent('Original 4000 × 3000');
      await expect(details).toHaveTextContent('1.5 MiB');
    });

    await step('fits the screen; Actual size shows it 1:1, scrollable', async () => {
      const image = await within(dialog).findByRole<HTMLImageElement>('img', { name: 'diagram.png' }, { timeout: 5000 });
      await waitFor(() => expect(image.complete && image.naturalWidth).toBe(1600));
      const fitted = image.getBoundingClientRect();
      await expect(fitted.width).toBeLessThan(1600);
      await expect(fitted.bottom).toBeLessThanOrEqual(window.innerHeight);
      const toggle = within(dialog).getByRole('button', { name: 'Actual size' });
      await userEvent.click(toggle);
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(image.getBoundingClientRect().width).toBe(1600);
      const stage = image.parentElement;
      await expect(stage !== null && stage.scrollWidth > stage.clientWidth).toBe(true);
      await userEvent.click(toggle);
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    });

    await step('Esc closes once, focus back on the opener, then reopen', async () => {
      within(dialog).getByRole('button', { name: 'Close' }).focus();
      await keyboard.press('{Escape}');
      await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
      await expect(args.onClose).toHaveBeenCalledTimes(1);
      await expect(hostKeys).not.toContain('Escape');
      const opener = page.getByRole('button', { name: 'Open the lightbox' });
      await expect(document.activeElement).toBe(opener);
      await keyboard.press('{Enter}');
      await expectFocusInside(await page.findByRole('dialog', { name: 'diagram.png' }));
    });
  },
};

/**
 * The walk a keyboard user makes, from the card's own gallery: open from a thumbnail, move,
 * download, close, and be back on the thumbnail.
 */
export const KeyboardWalkFromThumbnail: Story = {
  render: () => <FiveImageCard />,
  play: async ({ canvasElement, step }) => {
    const keyboard = await storyKeyboard();
    const thumbnail = await within(canvasElement).findByRole('button', { name: 'diagram.png' });
    thumbnail.focus();
    await keyboard.press('{Enter}');
    const dialog = await page.findByRole('dialog', { name: 'diagram.png' });

    await step('Enter on a thumbnail opened its image, focus moved in', async () => {
      await expect(dialog.matches(':modal')).toBe(true);
      await expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
      await expect(counterOf(dialog)).toHaveTextContent('2 / 5');
    });

    if (keyboard.trusted) {
      await step('Tab walks the controls inside the dialog', async () => {
        within(dialog).getByRole('button', { name: 'Previous image' }).focus();
        for (const name of ['Next image', 'Actual size', 'Download', 'Close']) {
          await keyboard.press('{Tab}');
          await expect(document.activeElement).toHaveAccessibleName(name);
          await expectFocusInside(dialog);
        }
        await keyboard.press('{Shift>}{Tab}{/Shift}');
        await expect(document.activeElement).toHaveAccessibleName('Download');
      });
    }

    await step('←/→ and Home/End change the image, clamped at the ends', async () => {
      const close = within(dialog).getByRole('button', { name: 'Close' });
      close.focus();
      hostKeys.length = 0;
      await keyboard.press('{ArrowRight}');
      await expect(counterOf(dialog)).toHaveTextContent('3 / 5');
      await expect(dialog).toHaveAccessibleName('tall-receipt.jpg');
      await keyboard.press('{End}');
      await expect(counterOf(dialog)).toHaveTextContent('5 / 5');
      await expect(dialog).toHaveAccessibleName('image.png');
      await keyboard.press('{ArrowRight}');
      await expect(counterOf(dialog)).toHaveTextContent('5 / 5');
      await keyboard.press('{Home}');
      await keyboard.press('{ArrowLeft}');
      await expect(counterOf(dialog)).toHaveTextContent('1 / 5');
      await expect(document.activeElement).toBe(close);
      await expect(hostKeys).toEqual([]);
    });

    await step('Next keeps the focus at the last image', async () => {
      const next = within(dialog).getByRole('button', { name: 'Next image' });
      next.focus();
      for (const expected of ['2 / 5', '3 / 5', '4 / 5', '5 / 5', '5 / 5']) {
        await keyboard.press('{Enter}');
        await expect(counterOf(dialog)).toHaveTextContent(expected);
      }
      await expect(next).toHaveAttribute('aria-disabled', 'true');
      await expect(document.activeElement).toBe(next);
    });

    await step('Download saves the loaded bytes under the image name', async () => {
      await keyboard.press('{Home}');
      await keyboard.press('{ArrowRight}');
      const link = within(dialog).getByRole('link', { name: 'Download' });
      await waitFor(() => expect(link).toHaveAttribute('href', expect.stringMatching(/^blob:/)));
      await expect(link).toHaveAttribute('download', 'diagram.png');
      const image = within(dialog).getByRole('img', { name: 'diagram.png' });
      await expect(link.getAttribute('href')).toBe(image.getAttribute('src'));
      const blob = await (await fetch(link.getAttribute('href') ?? '')).blob();
      await expect(blob.type).toBe('image/png');
      await expect(blob.size).toBeGreaterThan(0);
    });

    await step('Esc closes without reaching the page; focus is back on the thumbnail', async () => {
      await keyboard.press('{Escape}');
      await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
      await expect(hostKeys).not.toContain('Escape');
      await expect(document.activeElement).toBe(thumbnail);
    });
  },
};

/** The toolbar's controls, in their order. */
function toolbarControls(dialog: HTMLElement): HTMLElement[] {
  return [
    ...['Previous image', 'Next image', 'Actual size'].map((name) => within(dialog).getByRole('button', { name })),
    within(dialog).getByRole('link', { name: 'Download' }),
    within(dialog).getByRole('button', { name: 'Close' }),
  ];
}

/** On a phone the controls are icons on one row; each keeps its name (to screen readers, and on hover). */
export const AtPhoneWidth: Story = {
  name: `At ${String(NARROW_WIDTH)} px`,
  parameters: { viewport: NARROW_VIEWPORT_PARAMETERS },
  globals: NARROW_VIEWPORT_GLOBALS,
  play: async ({ canvasElement, step }) => {
    const dialog = await page.findByRole('dialog', { name: 'diagram.png' });
    const controls = toolbarControls(dialog);

    await step(`the page is ${String(NARROW_WIDTH)} px wide`, () => expect(canvasElement.ownerDocument.documentElement.clientWidth).toBe(NARROW_WIDTH));

    await step('the counter and the five controls share one row', async () => {
      const counter = counterOf(dialog).getBoundingClientRect();
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        await expect(box.top).toBe(controls[0]?.getBoundingClientRect().top);
        await expect(box.top < counter.bottom && counter.top < box.bottom).toBe(true);
        await expect(box.right).toBeLessThanOrEqual(NARROW_WIDTH);
      }
    });

    await step('each shows an icon, named by its words, which hover shows too', async () => {
      for (const control of controls) {
        const name = control.querySelector('.tc-lightbox__label')?.textContent ?? '';
        await expect(control).toHaveAccessibleName(name);
        await expect(control).toHaveAttribute('title', name);
        await expect(control.querySelector('.tc-lightbox__icon')).toBeVisible();
        await expect(control.getBoundingClientRect().width).toBeLessThan(48);
      }
    });
  },
};

export const InChinese: Story = {
  parameters: { toolcard: { locale: 'zh-CN' } satisfies ToolcardParameters },
  play: async () => {
    const dialog = await page.findByRole('dialog', { name: 'diagram.png' });
    for (const name of ['关闭', '上一张图像', '下一张图像', '实际大小']) {
      await expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
    await expect(within(dialog).getByRole('link', { name: '下载' })).toBeInTheDocument();
    await expect(dialog.querySelector('.tc-lightbox__details')).toHaveTextContent('存储尺寸 1600 × 1200');
  },
};

const failing: LoadImage = () => Promise.reject(new Error('Image service unavailable'));
const notInStore: LoadImage = () => Promise.reject(new AttachmentNotAvailableError());
const neverLoads: LoadImage = () => new Promise(() => undefined);

/** The card's gallery and the lightbox share one cache: both load through the same loader. */
function loadingWith(loadImage: LoadImage, toolcard: ToolcardParameters = {}) {
  return { args: { loadImage }, parameters: { toolcard: { ...toolcard, loadImage } satisfies ToolcardParameters } };
}

export const LoadFailed: Story = {
  ...loadingWith(failing, { imageCache: { retries: 0 } }),
  play: async () => {
    const dialog = await page.findByRole('dialog', { name: 'diagram.png' });
    await expect(await within(dialog).findByRole('button', { name: 'Retry' }, { timeout: 5000 })).toBeInTheDocument();
    await expect(within(dialog).getByText('Couldn’t load the image')).toBeInTheDocument();
  },
};

export const NotInStore: Story = {
  ...loadingWith(notInStore),
  play: async () => {
    const dialog = await page.findByRole('dialog', { name: 'diagram.png' });
    await expect(await within(dialog).findByText('Not in the attachment store', {}, { timeout: 5000 })).toBeInTheDocument();
    await expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

export const StillLoading: Story = {
  ...loadingWith(neverLoads),
  args: { loadImage: neverLoads, images: [{ attachment: FIVE_IMAGES[0] }], index: 0 },
  play: async () => {
    const dialog = await page.findByRole('dialog', { name: 'terminal.png' });
    await expect(within(dialog).getByText('Loading image')).toBeInTheDocument();
    await expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('aria-disabled', 'true');
  },
};
