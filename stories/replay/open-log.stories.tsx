import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildToolCalls, parseSessionLog, type AttachmentRef } from '@toolcard/ui-tool-image';
import { expect, waitFor, within } from 'storybook/test';
import { attachmentUrl } from '../support/attachment-store';
import { chooseFiles, selectFiles } from '../support/file-input';
import { imagesIn, recordedLog, recordedLogText } from '../support/recorded-logs';
import { agentLogText } from '../agents/agent-log-files';
import { OpenLog, WORKER_PARSE_BYTES } from './open-log';
import { repeatLog } from '../support/repeat-log';

/** A recorded session with four image cards over three attachments: the login screen twice, the banner, the portrait. */
const LOG_NAME = 'sessions/07-several-images';
const LOG_FILE_NAME = '07-several-images.jsonl';
/** Every attachment the log shows, once each; their bytes come from the recorded attachment store. */
const IMAGES = imagesIn(recordedLog(LOG_NAME));
/** Another recorded session, opened first where a test replaces one log with another: one card, the WebP banner. */
const FIRST_LOG_NAME = 'sessions/03-webp';
const FIRST_LOG_FILE_NAME = '03-webp.jsonl';
const WITHOUT_PORTRAIT = IMAGES.filter((image) => image.name !== 'portrait.jpg');

/** The image cards in log order, with the pixel size of the recorded image each must show. */
const LOGIN_SCREEN = { label: 'screenshots/login-screen.png', size: [640, 400] };
const BANNER = { label: 'images/banner.webp', size: [320, 120] };
const PORTRAIT = { label: 'photos/portrait.jpg', size: [80, 120] };
const CARDS = [LOGIN_SCREEN, BANNER, PORTRAIT, LOGIN_SCREEN];

function logFile(name = LOG_NAME, fileName = LOG_FILE_NAME): File {
  return new File([recordedLogText(name)], fileName, { type: 'application/jsonl' });
}

function firstLogFile(): File {
  return logFile(FIRST_LOG_NAME, FIRST_LOG_FILE_NAME);
}

/** Recorded attachments' bytes under meaningless names, as QA copies object files out of a store. */
function attachmentFiles(images: readonly AttachmentRef[]): Promise<File[]> {
  return Promise.all(
    images.map(async ({ attachmentId }, index) => {
      const url = attachmentUrl(attachmentId);
      if (url === undefined) throw new Error(`${attachmentId} is not in the recorded attachment store`);
      const bytes = await (await fetch(url)).blob();
      return new File([bytes], `object-${String(index + 1)}.bin`, { type: 'application/octet-stream' });
    }),
  );
}

function statusText(canvasElement: HTMLElement): HTMLElement | null {
  return canvasElement.querySelector<HTMLElement>('.open-log__status');
}

function imageCards(canvasElement: HTMLElement): HTMLElement[] {
  return Array.from(canvasElement.querySelectorAll<HTMLElement>('.tc-card--image'));
}

function naturalSize(tile: HTMLElement | null): number[] {
  const image = tile?.querySelector('img');
  return image ? [image.naturalWidth, image.naturalHeight] : [];
}

/**
 * Scrolls each card's tile into view (tiles load near the viewport) and waits for the status it
 * must settle in; a ready tile must show its own recorded image, not some other supplied file.
 */
async function expectTileStatuses(
  canvasElement: HTMLElement,
  statuses: readonly string[],
  expectedCards: readonly { label: string; size: number[] }[] = CARDS,
): Promise<void> {
  const cards = imageCards(canvasElement);
  await expect(cards.map((card) => card.querySelector('.tc-card__label')?.textContent)).toEqual(expectedCards.map((card) => card.label));
  for (const [index, card] of cards.entries()) {
    const tile = card.querySelector<HTMLElement>('.tc-gallery__tile');
    tile?.scrollIntoView({ block: 'center' });
    await waitFor(() => expect(tile).toHaveAttribute('data-status', statuses[index]), { timeout: 5000 });
    if (statuses[index] === 'ready') await waitFor(() => expect(naturalSize(tile)).toEqual(expectedCards[index]?.size));
  }
  canvasElement.ownerDocument.defaultView?.scrollTo(0, 0);
}

async function expectNoRawAttachment(canvasElement: HTMLElement): Promise<void> {
  await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('attachmentId');
}

function fileInput(canvasElement: HTMLElement, label: string): HTMLInputElement {
  const input = within(canvasElement).getByLabelText(label);
  if (!(input instanceof HTMLInputElement) || input.type !== 'file') throw new Error(`${label} is not a file input`);
  return input;
}

const LOG_INPUT = 'Session file (.jsonl, .json)';
const ATTACHMENTS_INPUT = 'Attachment files (any names)';

/**
 * Neither file input carries an own `files` (Testing Library's upload defines one on the element,
 * and every later real selection reads that instead of the browser's file list), and each is empty
 * again after a selection, so choosing the same file again is a change again.
 */
async function expectPristineInputs(canvasElement: HTMLElement): Promise<void> {
  for (const label of [LOG_INPUT, ATTACHMENTS_INPUT]) {
    const input = fileInput(canvasElement, label);
    await expect(Object.hasOwn(input, 'files')).toBe(false);
    await expect(input.value).toBe('');
    await expect(input.files).toHaveLength(0);
  }
}

function dragEvent(type: 'dragover' | 'dragleave' | 'drop', dataTransfer: DataTransfer): DragEvent {
  return new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer });
}

function dropZone(canvasElement: HTMLElement): HTMLElement {
  const zone = canvasElement.querySelector<HTMLElement>('.open-log__drop');
  if (zone === null) throw new Error('No drop zone');
  return zone;
}

/** What a browser delivers for a drop of files from disk: a real DataTransfer holding `File`s. */
function dropFiles(zone: HTMLElement, files: readonly File[]): DragEvent {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  zone.dispatchEvent(dragEvent('dragover', transfer));
  const drop = dragEvent('drop', transfer);
  zone.dispatchEvent(drop);
  return drop;
}

const meta = {
  title: 'Replay/Open a log',
  component: OpenLog,
  render: (_args, { globals }) => <OpenLog locale={globals.locale === 'zh-CN' ? 'zh-CN' : 'en'} />,
} satisfies Meta<typeof OpenLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The story QA opens to replay their own log: it starts empty and takes their files, by picker or
 * by drop. Its play function only checks that start; it chooses no file (see the stories below).
 */
export const OpenALog: Story = {
  name: 'Open a log',
  play: async ({ canvasElement }) => {
    await expect(statusText(canvasElement)).toHaveTextContent('No log opened. 0 attachment file(s) supplied.');
    await expect(imageCards(canvasElement)).toHaveLength(0);
    await expectPristineInputs(canvasElement);
  },
};

/** The automated upload: a recorded log and two of its three attachment files; files are matched by sha256, never by name. */
export const UploadRecordedSession: Story = {
  name: 'Upload recorded session',
  play: async ({ canvasElement, step }) => {
    await step('open the log', async () => {
      await chooseFiles(fileInput(canvasElement, LOG_INPUT), [logFile()]);
      await waitFor(() => expect(imageCards(canvasElement)).toHaveLength(CARDS.length));
      await expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 0 attachment file(s) supplied.`);
    });
    await step('supply the login screen and the banner under other names', async () => {
      await expect(WITHOUT_PORTRAIT.map((image) => image.name)).toEqual(['login-screen.png', 'banner.webp']);
      await chooseFiles(fileInput(canvasElement, ATTACHMENTS_INPUT), await attachmentFiles(WITHOUT_PORTRAIT));
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent('2 attachment file(s) supplied.'));
    });
    await step('supplied images load, the portrait is not in the store', async () => {
      await expectTileStatuses(canvasElement, ['ready', 'ready', 'not-available', 'ready']);
      const portrait = imageCards(canvasElement)[CARDS.indexOf(PORTRAIT)];
      if (portrait === undefined) throw new Error('No portrait card');
      await expect(within(portrait).getByText('Not in the attachment store')).toBeVisible();
    });
    await step('the inputs take the next selection', () => expectPristineInputs(canvasElement));
    await step('no raw attachment reference on the page', () => expectNoRawAttachment(canvasElement));
  },
};

/** The automated drop: the log and every attachment file at once on the drop zone. */
export const DropALogAndItsAttachments: Story = {
  name: 'Drop a log and its attachments',
  play: async ({ canvasElement, step }) => {
    const zone = dropZone(canvasElement);
    const files = new DataTransfer();
    files.items.add(logFile());
    for (const file of await attachmentFiles(IMAGES)) files.items.add(file);
    await step('dragging over the zone shows it, leaving clears it', async () => {
      zone.dispatchEvent(dragEvent('dragover', files));
      await waitFor(() => expect(zone).toHaveAttribute('data-dragging', 'true'));
      zone.dispatchEvent(dragEvent('dragleave', files));
      await waitFor(() => expect(zone).toHaveAttribute('data-dragging', 'false'));
    });
    await step('drop the log and its three attachment files', async () => {
      await expect(IMAGES).toHaveLength(3);
      zone.dispatchEvent(dragEvent('dragover', files));
      const drop = dragEvent('drop', files);
      zone.dispatchEvent(drop);
      await expect(drop.defaultPrevented).toBe(true);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 3 attachment file(s) supplied.`));
      await expect(zone).toHaveAttribute('data-dragging', 'false');
    });
    await step('every image loads', () => expectTileStatuses(canvasElement, ['ready', 'ready', 'ready', 'ready']));
    await step('no raw attachment reference on the page', () => expectNoRawAttachment(canvasElement));
  },
};

/**
 * A person's own selections in "Open a log", after its play function ran: real selections in the
 * browser (Playwright's `setInputFiles`), a first log, then another through the same input, then
 * attachment files. Vitest only (`!dev`): a real selection needs the Vitest browser runner.
 */
export const PickALogThenAnother: Story = {
  name: 'Pick a log, then another',
  tags: ['!dev'],
  play: async (context) => {
    const { canvasElement, step } = context;
    await step('the story people open, as its play function leaves it', async () => {
      await OpenALog.play?.(context);
    });
    await step('pick a first log', async () => {
      await selectFiles(fileInput(canvasElement, LOG_INPUT), [firstLogFile()]);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${FIRST_LOG_FILE_NAME}. 0 attachment file(s) supplied.`));
      await expectTileStatuses(canvasElement, ['not-available'], [BANNER]);
    });
    await step('pick a different log through the same input: the replay shows it', async () => {
      await selectFiles(fileInput(canvasElement, LOG_INPUT), [logFile()]);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 0 attachment file(s) supplied.`));
      await expectTileStatuses(canvasElement, ['not-available', 'not-available', 'not-available', 'not-available']);
    });
    await step('pick the login screen and the banner: their tiles load', async () => {
      await selectFiles(fileInput(canvasElement, ATTACHMENTS_INPUT), await attachmentFiles(WITHOUT_PORTRAIT));
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 2 attachment file(s) supplied.`));
      await expectTileStatuses(canvasElement, ['ready', 'ready', 'not-available', 'ready']);
    });
    await step('pick the portrait through the same input: its tile loads too', async () => {
      const portrait = IMAGES.filter((image) => image.name === 'portrait.jpg');
      await expect(portrait).toHaveLength(1);
      await selectFiles(fileInput(canvasElement, ATTACHMENTS_INPUT), await attachmentFiles(portrait));
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 3 attachment file(s) supplied.`));
      await expectTileStatuses(canvasElement, ['ready', 'ready', 'ready', 'ready']);
    });
    await step('the inputs take the next selection', () => expectPristineInputs(canvasElement));
    await step('no raw attachment reference on the page', () => expectNoRawAttachment(canvasElement));
  },
};

/**
 * A person's own drops on "Open a log", after its play function ran: a first log, then another
 * log with its attachment files, each a real DataTransfer of `File`s as a browser delivers it.
 */
export const DropALogThenAnother: Story = {
  name: 'Drop a log, then another',
  tags: ['!dev'],
  play: async (context) => {
    const { canvasElement, step } = context;
    await step('the story people open, as its play function leaves it', async () => {
      await OpenALog.play?.(context);
    });
    await step('drop a first log', async () => {
      await expect(dropFiles(dropZone(canvasElement), [firstLogFile()]).defaultPrevented).toBe(true);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${FIRST_LOG_FILE_NAME}. 0 attachment file(s) supplied.`));
      await expectTileStatuses(canvasElement, ['not-available'], [BANNER]);
    });
    await step('drop a different log with its attachment files: the replay shows it, every image loads', async () => {
      await expect(dropFiles(dropZone(canvasElement), [logFile(), ...(await attachmentFiles(IMAGES))]).defaultPrevented).toBe(true);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${LOG_FILE_NAME}. 3 attachment file(s) supplied.`));
      await expectTileStatuses(canvasElement, ['ready', 'ready', 'ready', 'ready']);
    });
    await step('the inputs are untouched', () => expectPristineInputs(canvasElement));
    await step('no raw attachment reference on the page', () => expectNoRawAttachment(canvasElement));
  },
};

/** The generated Claude Code 2.1.x session whose Task's subagent wrote its own file (stories/fixtures/agents/claude-code.ts). */
const CLAUDE_SESSION = 'c1a0de00-0000-4000-8000-000000000007.jsonl';
const CLAUDE_SUBAGENT = 'agent-a7f11e5d.jsonl';

function claudeSessionFiles(): File[] {
  return [
    new File([agentLogText(CLAUDE_SESSION)], CLAUDE_SESSION, { type: 'application/jsonl' }),
    new File([agentLogText(`${CLAUDE_SESSION.replace(/\.jsonl$/, '')}/subagents/${CLAUDE_SUBAGENT}`)], CLAUDE_SUBAGENT, { type: 'application/jsonl' }),
  ];
}

/** The calls nested under the Task row, by tool name. */
function underTask(canvasElement: HTMLElement): string[] {
  const task = Array.from(canvasElement.querySelectorAll('.tc-row')).find((row) => row.querySelector(':scope > .tc-row__header')?.textContent.includes('Task'));
  return Array.from(task?.querySelectorAll(':scope .tc-row .tc-row__header') ?? [], (header) => /Glob|Read/.exec(header.textContent)?.[0] ?? '?');
}

/**
 * A Claude Code transcript chosen together with its subagent's own file (`agent-<id>.jsonl`): the
 * subagent's calls nest under the Task, its screenshot's card with them. Dropped alone, the
 * transcript's Task shows no nested call.
 */
export const PickAClaudeCodeSessionWithItsSubagentFile: Story = {
  name: 'Pick a Claude Code session with its subagent file',
  play: async ({ canvasElement, step }) => {
    await step('choose the transcript and its subagent file together', async () => {
      await chooseFiles(fileInput(canvasElement, LOG_INPUT), claudeSessionFiles());
      await waitFor(() =>
        expect(statusText(canvasElement)).toHaveTextContent(`Log: ${CLAUDE_SESSION} with 1 subagent file(s). 0 attachment file(s) supplied.`),
      );
      await expect(underTask(canvasElement)).toEqual(['Glob', 'Read']);
      await expectTileStatuses(canvasElement, ['ready'], [LOGIN_SCREEN]);
    });
    await step('the inputs take the next selection', () => expectPristineInputs(canvasElement));
    await step('the transcript dropped alone: the Task has no nested call', async () => {
      await expect(dropFiles(dropZone(canvasElement), claudeSessionFiles().slice(0, 1)).defaultPrevented).toBe(true);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${CLAUDE_SESSION}. 0 attachment file(s) supplied.`));
      await expect(underTask(canvasElement)).toEqual([]);
      await expect(imageCards(canvasElement)).toHaveLength(0);
    });
    await step('dropped with its subagent file: nested again', async () => {
      await expect(dropFiles(dropZone(canvasElement), claudeSessionFiles().reverse()).defaultPrevented).toBe(true);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent(`Log: ${CLAUDE_SESSION} with 1 subagent file(s).`));
      await expectTileStatuses(canvasElement, ['ready'], [LOGIN_SCREEN]);
    });
  },
};

/** The recorded long session 12 times over (3 600 calls, ids rewritten) as a JSONL file of about 2.4 MB. */
function bigLogFile(): File {
  const log = repeatLog(recordedLog('sessions/15-long-session'), 12);
  const header = recordedLogText('sessions/15-long-session').split('\n', 1)[0] ?? '';
  const lines = [
    header,
    ...log.events.map(({ type, data, sourceEventSeqs }) => JSON.stringify({ type, data, ...(sourceEventSeqs === undefined ? {} : { sourceEventSeqs }) })),
  ];
  return new File([`${lines.join('\n')}\n`], 'big-session.jsonl', { type: 'application/jsonl' });
}

/** A log over the worker threshold: parsed in a Web Worker with a progress bar, then replayed virtualised. */
export const OpenABigLog: Story = {
  name: 'Open a big log (parsed in a worker)',
  tags: ['!screenshot'],
  play: async ({ canvasElement, step }) => {
    const file = bigLogFile();
    await expect(file.size).toBeGreaterThan(WORKER_PARSE_BYTES);
    await step('a progress bar while the worker reads the file', async () => {
      await chooseFiles(fileInput(canvasElement, LOG_INPUT), [file]);
      const bar = await waitFor(() => within(canvasElement).getByRole('progressbar', { name: 'Reading the log' }));
      await expect(Number(bar.getAttribute('max'))).toBe(file.size);
    });
    await step('the replay of every call, the bar gone', async () => {
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent('Log: big-session.jsonl.'), { timeout: 20_000 });
      await expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
      const feed = within(canvasElement).getByRole('feed');
      await waitFor(() => expect(within(feed).getAllByRole('article').length).toBeGreaterThan(3));
      // A long log is replayed in slices after it is read: the counts are final once the replay is not busy.
      const replay = within(canvasElement).getByRole('region', { name: 'Session replay' });
      await waitFor(() => expect(replay).not.toHaveAttribute('aria-busy'), { timeout: 20_000 });
      const expected = parseSessionLog(await file.text());
      await expect(within(canvasElement).getByRole('combobox', { name: 'Tool' })).toHaveTextContent(
        `read_image (${String(buildToolCalls(expected.events).roots.filter((node) => node.name === 'read_image').length)})`,
      );
    });
  },
};
