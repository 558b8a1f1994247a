import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  AttachmentNotAvailableError,
  readAgentLog,
  SessionReplay,
  type AgentLog,
  type ImageActionsOwnerProps,
  type LoadImage,
  type ParsedSessionLog,
  type ReplayView,
  type ToolCardPlugin,
} from '@toolcard/ui-tool-image';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { agentLogText } from '../agents/agent-log-files';
import { loadRecordedAttachment } from '../support/attachment-store';
import { recordedLog } from '../support/recorded-logs';
import { repeatLog } from '../support/repeat-log';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';

/**
 * Every image of a session (issue 23 §3): the replay's "Images" tab shows them as tiles in log
 * order, a tile opens the lightbox over all of them, and "Go to call" goes back to the call's row.
 */
const meta = {
  title: 'Replay/Every image of a session',
  parameters: {
    toolcard: { loadImage: loadRecordedAttachment } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Four read_image calls, one image each: login-screen.png, banner.webp, portrait.jpg, login-screen.png again. */
const SEVERAL_IMAGES = recordedLog('sessions/07-several-images');

/** The lightbox is portalled into document.body, outside the story's canvas. */
const page = within(document.body);

function Replay({ initialView = 'calls', log = SEVERAL_IMAGES }: { readonly initialView?: ReplayView; readonly log?: ParsedSessionLog | AgentLog }): ReactNode {
  const [view, setView] = useState<ReplayView>(initialView);
  return (
    <div style={{ maxWidth: '1100px' }}>
      <SessionReplay log={log} view={view} onViewChange={setView} />
    </div>
  );
}

function tilesOf(canvasElement: HTMLElement): HTMLElement[] {
  return [...canvasElement.querySelectorAll<HTMLElement>('.tc-images__tile')];
}

function tileAt(canvasElement: HTMLElement, index: number): HTMLElement {
  const tile = tilesOf(canvasElement)[index];
  if (tile === undefined) throw new Error(`no tile ${String(index)}`);
  return tile;
}

async function showImages(canvasElement: HTMLElement): Promise<void> {
  await userEvent.click(within(canvasElement).getByRole('tab', { name: 'Images' }));
  await waitFor(() => expect(tilesOf(canvasElement)).toHaveLength(4));
}

/** The Images tab of a recorded session: its four images in log order, each under its call's title and path. */
export const ImagesOfASession: Story = {
  render: () => <Replay />,
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('the Calls tab is selected at first, and the rows show', async () => {
      await expect(canvas.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('feed', { name: 'Tool calls and messages' })).toBeVisible();
    });
    await step('→ on the focused tab selects Images: the tiles, the rows gone', async () => {
      canvas.getByRole('tab', { name: 'Calls' }).focus();
      await userEvent.keyboard('{ArrowRight}');
      const images = canvas.getByRole('tab', { name: 'Images' });
      await expect(images).toHaveFocus();
      await expect(images).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('tabpanel', { name: 'Images' })).toBeVisible();
      await expect(canvas.queryByRole('feed', { name: 'Tool calls and messages' })).toBeNull();
      await expect(canvas.getByRole('feed', { name: 'Every image of the session, 4 in all' })).toBeVisible();
    });
    await step('each tile is named by its call, in log order, and its image loads', async () => {
      await waitFor(() => expect(tilesOf(canvasElement)).toHaveLength(4));
      await expect(tilesOf(canvasElement).map((tile) => tile.querySelector('figcaption')?.textContent)).toEqual([
        'Read image screenshots/login-screen.png',
        'Read image images/banner.webp',
        'Read image photos/portrait.jpg',
        'Read image screenshots/login-screen.png',
      ]);
      await waitFor(() => expect(canvasElement.querySelectorAll('.tc-images__tile img')).toHaveLength(4));
      await expect(canvas.getAllByRole('figure', { name: /Read image/ })).toHaveLength(4);
    });
  },
};

/** A tile opens the lightbox over the whole session: → crosses from one call's image to the next call's. */
export const LightboxAcrossCalls: Story = {
  render: () => <Replay />,
  play: async ({ canvasElement, step }) => {
    await showImages(canvasElement);
    await step('the first tile opens the lightbox on image 1 of 4', async () => {
      await userEvent.click(within(tileAt(canvasElement, 0)).getByRole('button', { name: 'login-screen.png' }));
      const dialog = await page.findByRole('dialog');
      await expect(within(dialog).getByText('1 / 4')).toBeVisible();
      // Its name, not its text: the filmstrip names every image, as text while a thumbnail loads.
      await expect(dialog).toHaveAccessibleName('login-screen.png');
    });
    await step('→ moves to the next call’s image: banner.webp, 2 of 4', async () => {
      await userEvent.keyboard('{ArrowRight}');
      const dialog = page.getByRole('dialog');
      await waitFor(() => expect(within(dialog).getByText('2 / 4')).toBeVisible());
      await expect(dialog).toHaveAccessibleName('banner.webp');
    });
  },
};

/** "Go to call" on a tile: the Calls tab again, the call's row scrolled to, opened and focused. */
export const GoToCall: Story = {
  render: () => <Replay initialView="images" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(tilesOf(canvasElement)).toHaveLength(4));
    await userEvent.click(canvas.getByRole('button', { name: 'Go to call Read image photos/portrait.jpg' }));
    await expect(canvas.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
    const row = await waitFor(() => {
      const found = canvasElement.querySelector<HTMLElement>('[data-call-id="call-3"] .tc-row__disclosure');
      if (found === null) throw new Error('the row of call-3 is not mounted yet');
      return found;
    });
    await waitFor(() => expect(row).toHaveFocus());
    await expect(row).toHaveAttribute('aria-expanded', 'true');
  },
};

/**
 * A Claude Code session in which the agent reads a PNG, then the user pastes a screenshot a minute
 * later: the two generated sessions one after the other (the second's ids and times moved on, so
 * they stay apart). Claude Code writes times: the message's tile tells when.
 */
const READ_THEN_PASTED = readAgentLog(
  agentLogText('claude-code-read-png.jsonl') +
    agentLogText('claude-code-pasted-image.jsonl')
      .replaceAll('00000000-0000-4000-8000-0000000000', '00000000-0000-4000-8000-0000000001')
      .replaceAll('T12:00:', 'T12:01:'),
);

/** A message's images are in the Images view too, in log order, told by the message and its time, and in the lightbox's sequence. */
export const ImagesOfMessages: Story = {
  render: () => <Replay log={READ_THEN_PASTED} />,
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('the call’s image, then the pasted screenshot, each told by where it comes from', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Images' }));
      await waitFor(() => expect(tilesOf(canvasElement)).toHaveLength(2));
      await expect(canvas.getByRole('feed', { name: 'Every image of the session, 2 in all' })).toBeVisible();
      await expect(tilesOf(canvasElement).map((tile) => tile.querySelector('figcaption')?.textContent)).toEqual([
        'Read screenshots/login-screen.png',
        'User message +1:00',
      ]);
      await expect(canvas.getByRole('button', { name: 'Go to call Read screenshots/login-screen.png' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Go to message User message +1:00' })).toBeVisible();
      await expect(canvas.queryByRole('button', { name: /^Go to call User message/ })).toBeNull();
      await waitFor(() => expect(canvasElement.querySelectorAll('.tc-images__tile img')).toHaveLength(2));
    });
    await step('the pasted screenshot opens the lightbox over both: 2 / 2, ← to the call’s', async () => {
      await userEvent.click(within(tileAt(canvasElement, 1)).getByRole('button', { name: 'Image' }));
      const dialog = await page.findByRole('dialog');
      await expect(within(dialog).getByText('2 / 2')).toBeVisible();
      await userEvent.keyboard('{ArrowLeft}');
      await waitFor(() => expect(within(dialog).getByText('1 / 2')).toBeVisible());
      await userEvent.keyboard('{ArrowRight}');
      await waitFor(() => expect(within(dialog).getByText('2 / 2')).toBeVisible());
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    });
  },
};

/** "Go to message" on a message's tile: the Calls tab again, the message's row scrolled to and focused. */
export const GoToMessage: Story = {
  render: () => <Replay log={READ_THEN_PASTED} initialView="images" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(tilesOf(canvasElement)).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: 'Go to message User message +1:00' }));
    await expect(canvas.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.activeElement?.querySelector('.tc-message--user')).not.toBeNull());
    await expect(document.activeElement).toHaveTextContent('The sign-in button looks cut off here. Why?');
  },
};

/** An app's control in the lightbox (a verdict's place): it says which call's image, and which of that call's images, it was given. */
function ImageTarget({ callId, index }: ImageActionsOwnerProps): ReactNode {
  return <output className="story-image-target">{callId === undefined ? 'no call' : `${callId} #${String(index)}`}</output>;
}

const IMAGE_TARGET: readonly ToolCardPlugin[] = [(registry) => registry.register('lightbox.image.actions', { owner: 'story', component: ImageTarget })];

function imageTarget(): string | null | undefined {
  return document.body.querySelector('dialog .story-image-target')?.textContent;
}

/**
 * The lightbox's app controls get the shown image's call and its place among that call's images
 * (what a verdict targets), not its place in the session's sequence; a message's image, no call.
 */
export const AppControlsInTheLightbox: Story = {
  // It ends on the tiles Images Of A Session captures.
  tags: ['!screenshot'],
  parameters: { toolcard: { loadImage: loadRecordedAttachment, plugins: IMAGE_TARGET } satisfies ToolcardParameters },
  render: () => <Replay initialView="images" />,
  play: async ({ canvasElement, step }) => {
    await waitFor(() => expect(tilesOf(canvasElement)).toHaveLength(4));
    await step('the third tile: call-3, its first image', async () => {
      await userEvent.click(within(tileAt(canvasElement, 2)).getByRole('button', { name: 'portrait.jpg' }));
      await page.findByRole('dialog');
      await waitFor(() => expect(imageTarget()).toBe('call-3 #0'));
      await userEvent.keyboard('{ArrowRight}');
      await waitFor(() => expect(imageTarget()).toBe('call-4 #0'));
      await userEvent.keyboard('{Escape}');
    });
  },
};

/** A tile whose image the store does not have says so over the tile, as the gallery does. */
const missingBanner: LoadImage = (ref, options) =>
  ref.name === 'banner.webp' ? Promise.reject(new AttachmentNotAvailableError(`${ref.attachmentId}: not in the store`)) : loadRecordedAttachment(ref, options);

export const ImageNotAvailable: Story = {
  parameters: { toolcard: { loadImage: missingBanner } satisfies ToolcardParameters },
  render: () => <Replay initialView="images" />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(tilesOf(canvasElement)).toHaveLength(4));
    const banner = tileAt(canvasElement, 1);
    await waitFor(() => expect(banner.querySelector('.tc-gallery__tile')).toHaveAttribute('data-status', 'not-available'));
    await waitFor(() => expect(tilesOf(canvasElement)[0]?.querySelector('.tc-gallery__tile')).toHaveAttribute('data-status', 'ready'));
  },
};

/** Separates a recorded attachment id from the copy number that makes it unique. */
const COPY = '~';

/**
 * `log` with every attachment id made unique (`<recorded id>~<n>`): the copies would otherwise
 * share three images, which load once each and would prove nothing about which tiles load.
 */
function withUniqueAttachments(log: ParsedSessionLog): ParsedSessionLog {
  let copy = 0;
  const events = log.events.map((event) => ({
    ...event,
    data: JSON.parse(JSON.stringify(event.data), (key, value: unknown) =>
      key === 'attachmentId' && typeof value === 'string' ? `${value}${COPY}${String((copy += 1))}` : value,
    ) as typeof event.data,
  }));
  return { ...log, events };
}

/** The recorded 4-image session 1 250 times over: 5 000 images, 5 000 calls. */
const FIVE_THOUSAND = withUniqueAttachments(repeatLog(SEVERAL_IMAGES, 1250));

/** Every attachment a tile asked for, in order. */
const asked: string[] = [];
const countingLoader: LoadImage = (ref, options) => {
  asked.push(ref.attachmentId);
  return loadRecordedAttachment({ ...ref, attachmentId: ref.attachmentId.split(COPY)[0] ?? '' }, options);
};

/** Two frames: the virtualizer has measured what the last scroll mounted. */
function frames(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        resolve();
      });
    });
  });
}

/** 5 000 images: a bounded number of tiles in the DOM, and only those near the viewport load. */
export const FiveThousandImages: Story = {
  name: 'Virtualised: 5 000 images',
  // A page tens of thousands of px tall: its behaviour is what the play function checks, not its pixels.
  tags: ['!screenshot'],
  parameters: { toolcard: { loadImage: countingLoader } satisfies ToolcardParameters },
  render: () => (
    <div style={{ maxWidth: '1100px' }}>
      <SessionReplay log={FIVE_THOUSAND} view="images" />
    </div>
  ),
  play: async ({ canvasElement, step }) => {
    asked.length = 0;
    const canvas = within(canvasElement);
    // The log is replayed in slices: every image is in once the feed says so.
    await waitFor(() => expect(canvas.getByRole('feed', { name: 'Every image of the session, 5000 in all' })).toBeInTheDocument(), { timeout: 10_000 });
    window.scrollTo(0, 0);
    await frames();
    await step('a screenful of tiles in the DOM, and only the tiles near the viewport asked the loader', async () => {
      await waitFor(() => expect(canvasElement.querySelectorAll('.tc-images__tile img').length).toBeGreaterThan(8), { timeout: 5000 });
      const tiles = tilesOf(canvasElement).length;
      await expect(tiles).toBeLessThan(200);
      await expect(asked.length).toBeLessThanOrEqual(tiles);
    });
    await step('scrolled to the middle: the tiles there, about as many, and the loader asked for those alone', async () => {
      const before = asked.length;
      window.scrollTo(0, document.documentElement.scrollHeight / 2);
      await frames();
      await frames();
      await waitFor(() => {
        const middle = tilesOf(canvasElement).filter((tile) => {
          const box = tile.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
        return expect(middle.length).toBeGreaterThan(4);
      });
      const first = canvasElement.querySelector('.tc-replay__item');
      await expect(Number(first?.getAttribute('aria-posinset'))).toBeGreaterThan(100);
      await expect(tilesOf(canvasElement).length).toBeLessThan(200);
      await waitFor(() => expect(asked.length).toBeGreaterThan(before));
      await expect(asked.length - before).toBeLessThanOrEqual(tilesOf(canvasElement).length);
      window.scrollTo(0, 0);
    });
  },
};
