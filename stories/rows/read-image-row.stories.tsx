import type { Meta, StoryObj } from '@storybook/react-vite';
import { parseSessionLog, SessionReplay, type ParsedSessionLog } from '@toolcard/ui-tool-image';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { beforeResultOf, recordedLog, recordedLogText } from '../support/recorded-logs';
import { cardLabelOf, bodyOf, disclosureOf, rowOf, summaryButtonOf } from '../support/row-queries';
import { errorContent, sessionLog, toolCall, toolResult, userMessage, type LogEvent } from '../support/session-log';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import type { ThemeParameters } from '../support/theme';

// Every row the host adapter can produce is a recorded session (`pnpm fixtures:record`).
const SCREENSHOT_LOG = 'sessions/01-screenshot-png';
const CALL_ID = 'call-1';
/** As the model wrote it (relative to cwd): what the row shows and what `onOpenFile` receives. */
const FILE_PATH = 'screenshots/login-screen.png';
const FACTS = 'image/png image, 640x400 px, 7190 bytes';

const onOpenFile = fn<(path: string) => void>().mockName('onOpenFile');

const meta = {
  title: 'Rows/Read image',
  component: SessionReplay,
  tags: ['autodocs'],
  parameters: {
    toolcard: { onOpenFile } satisfies ToolcardParameters,
    // Checked (axe) and captured in the dark theme too.
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
  // One spy for the file; calls are counted from zero each time a story renders (the UI can re-run one).
  beforeEach: () => {
    onOpenFile.mockClear();
  },
} satisfies Meta<typeof SessionReplay>;

export default meta;
type Story = StoryObj<typeof meta>;

function replayOf(log: ParsedSessionLog): Story['args'] {
  return { log };
}

function handBuilt(...events: readonly LogEvent[]): Story['args'] {
  return replayOf(parseSessionLog(sessionLog(events)));
}

async function expectState(row: HTMLElement, state: string): Promise<void> {
  await expect(row).toHaveAttribute('data-state', state);
}

/** Enter, then Space, on the header button each toggle the body, and `aria-expanded` follows. */
async function expectDisclosureToggles(row: HTMLElement): Promise<void> {
  const disclosure = disclosureOf(row);
  const startsOpen = disclosure.getAttribute('aria-expanded') === 'true';
  disclosure.focus();
  await userEvent.keyboard('{Enter}');
  await expect(disclosure).toHaveAttribute('aria-expanded', String(!startsOpen));
  await expect(bodyOf(row).hidden).toBe(startsOpen);
  await userEvent.keyboard('[Space]');
  await expect(disclosure).toHaveAttribute('aria-expanded', String(startsOpen));
  await expect(bodyOf(row).hidden).toBe(!startsOpen);
}

/** Enter and Space on the path each open the file once, with the raw path, and never toggle the row. */
async function expectSummaryOpensFile(row: HTMLElement, rawPath: string): Promise<void> {
  const disclosure = disclosureOf(row);
  const expanded = disclosure.getAttribute('aria-expanded');
  const summary = summaryButtonOf(row);
  await expect(summary).not.toBeNull();
  summary?.focus();
  await userEvent.keyboard('{Enter}');
  await expect(onOpenFile).toHaveBeenCalledTimes(1);
  await expect(onOpenFile).toHaveBeenLastCalledWith(rawPath);
  await userEvent.keyboard('[Space]');
  await expect(onOpenFile).toHaveBeenCalledTimes(2);
  await expect(onOpenFile).toHaveBeenLastCalledWith(rawPath);
  await expect(disclosure).toHaveAttribute('aria-expanded', expanded);
}

/** A failed or stopped row says why while collapsed, and its disclosure's name says it too. */
async function expectReasonAtAGlance(row: HTMLElement, text: string): Promise<void> {
  await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'false');
  const reason = row.querySelector<HTMLElement>(':scope > .tc-row__header > .tc-row__reason');
  await expect(reason).toBeVisible();
  await expect(reason).toHaveTextContent(text);
  await expect(disclosureOf(row)).toHaveAccessibleName(expect.stringContaining(text) as string);
}

/** A declined row: opened by keyboard it shows its result as text, and its path is not a button. */
async function expectTextOnly(row: HTMLElement, text: string): Promise<void> {
  const disclosure = disclosureOf(row);
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  disclosure.focus();
  await userEvent.keyboard('{Enter}');
  await expect(bodyOf(row)).toHaveTextContent(text);
  await expect(row.querySelector('.tc-card--image')).toBeNull();
  await expect(summaryButtonOf(row)).toBeNull();
}

/** The raw attachment reference never reaches the page, not even as an attribute. */
async function expectNoRawAttachment(canvasElement: HTMLElement): Promise<void> {
  await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('attachmentId');
}

// Hand-built: a host adapter never sees a call whose arguments are still streaming.
export const Preparing: Story = {
  name: 'Preparing (arguments still streaming)',
  args: handBuilt(userMessage(`Look at ${FILE_PATH}.`), toolCall(CALL_ID, 'read_image', '{"file_path":"screensh')),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', async () => {
      await expectState(row, 'preparing');
      await expect(row).toHaveAttribute('aria-busy', 'true');
      await expect(summaryButtonOf(row)).toBeNull();
    });
    await step('disclosure', () => expectDisclosureToggles(row));
  },
};

export const Running: Story = {
  args: replayOf(beforeResultOf(recordedLog(SCREENSHOT_LOG), CALL_ID)),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', async () => {
      await expectState(row, 'running');
      await expect(row).toHaveAttribute('aria-busy', 'true');
    });
    await step('disclosure', () => expectDisclosureToggles(row));
    await step('summary opens the file', () => expectSummaryOpensFile(row, FILE_PATH));
  },
};

export const Done: Story = {
  name: 'Done (image)',
  args: replayOf(recordedLog(SCREENSHOT_LOG)),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', async () => {
      await expectState(row, 'done');
      await expect(row).not.toHaveAttribute('aria-busy');
    });
    await step('image card, open from the start', async () => {
      await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'true');
      await expect(cardLabelOf(bodyOf(row), FILE_PATH)).toBeInTheDocument();
      await expect(bodyOf(row)).toHaveTextContent(FACTS);
    });
    await step('the recorded image, 640x400, from the attachment store', async () => {
      const image = await within(bodyOf(row)).findByRole<HTMLImageElement>('img', { name: 'login-screen.png' }, { timeout: 5000 });
      await waitFor(() => expect([image.naturalWidth, image.naturalHeight]).toEqual([640, 400]));
    });
    await step('disclosure', () => expectDisclosureToggles(row));
    await step('summary opens the file', () => expectSummaryOpensFile(row, FILE_PATH));
    await step('no raw attachment', () => expectNoRawAttachment(canvasElement));
  },
};

export const Refused: Story = {
  name: 'Refused (text-only model)',
  args: replayOf(recordedLog('sessions/09-text-only-refusal')),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state: refused, not failed', () => expectState(row, 'refused'));
    await step('why, at a glance', () => expectReasonAtAGlance(row, 'switch to an image-capable model to read images'));
    await step('text, no summary button', () => expectTextOnly(row, 'switch to an image-capable model to read images'));
    await step('disclosure', () => expectDisclosureToggles(row));
  },
};

export const Failed: Story = {
  name: 'Failed (missing file)',
  args: replayOf(recordedLog('sessions/12-missing-file')),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', () => expectState(row, 'error'));
    await step('why, at a glance', () => expectReasonAtAGlance(row, 'the file does not exist'));
    await step('text, no summary button', () => expectTextOnly(row, 'the file does not exist'));
  },
};

// Hand-built: only the harness aborts a call; the recorder cannot stop one mid-read.
export const Stopped: Story = {
  name: 'Stopped (aborted)',
  args: handBuilt(
    userMessage(`Look at ${FILE_PATH}.`),
    toolCall(CALL_ID, 'read_image', { file_path: FILE_PATH }),
    toolResult(CALL_ID, errorContent(`reading ${JSON.stringify(FILE_PATH)} was aborted`), {
      isError: true,
      error: { name: 'AbortError', code: 'aborted' },
    }),
  ),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', () => expectState(row, 'stopped'));
    await step('why, at a glance', () => expectReasonAtAGlance(row, 'was aborted'));
    await step('text, no summary button', () => expectTextOnly(row, 'was aborted'));
  },
};

const PROGRAM_ID = 'call-1';
const NESTED_ID = 'call-1.1';

export const Nested: Story = {
  name: 'Nested in run_code',
  args: replayOf(recordedLog('sessions/08-nested-run-code')),
  play: async ({ canvasElement, step }) => {
    const program = rowOf(canvasElement, PROGRAM_ID);
    await step('the nested call shows under the closed program row, outside its body', async () => {
      await expectState(program, 'done');
      await expect(disclosureOf(program)).toHaveAttribute('aria-expanded', 'false');
      const nested = within(program).getByRole('group', { name: 'Nested calls' });
      await expect(nested).toContainElement(rowOf(canvasElement, NESTED_ID));
      await expect(bodyOf(program)).not.toContainElement(nested);
    });
    await step('the program row opens by keyboard to show its own IN/OUT; the nested call stays', async () => {
      disclosureOf(program).focus();
      await userEvent.keyboard('{Enter}');
      await expect(bodyOf(program)).toBeVisible();
      await expect(within(program).getByRole('group', { name: 'Nested calls' })).toContainElement(rowOf(canvasElement, NESTED_ID));
    });
    const row = rowOf(canvasElement, NESTED_ID);
    await step('nested state', () => expectState(row, 'done'));
    await step('nested image card, labelled by its own file_path', async () => {
      await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'true');
      await expect(cardLabelOf(bodyOf(row), FILE_PATH)).toBeInTheDocument();
    });
    await step('nested disclosure', () => expectDisclosureToggles(row));
    await step('nested summary opens the file', () => expectSummaryOpensFile(row, FILE_PATH));
    await step('no raw attachment', () => expectNoRawAttachment(canvasElement));
  },
};

// Logged as hosts wrote results before `meta.path` existed (the recorder drops the result's meta).
const LEGACY_LOG = 'sessions/16-legacy-without-meta';
const LEGACY_PATH = 'images/banner.webp';

export const LegacyWithoutMeta: Story = {
  name: 'Legacy result without meta (image, labelled from file_path)',
  args: replayOf(recordedLog(LEGACY_LOG)),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', () => expectState(row, 'done'));
    await step("image card, open from the start, labelled from the call's file_path", async () => {
      await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'true');
      await expect(cardLabelOf(bodyOf(row), LEGACY_PATH)).toBeInTheDocument();
      await expect(bodyOf(row)).toHaveTextContent('image/webp image, 320x120 px, 64 bytes');
    });
    await step('the recorded 320x120 image, from the fixture store', async () => {
      const image = await within(bodyOf(row)).findByRole<HTMLImageElement>('img', { name: 'banner.webp' }, { timeout: 5000 });
      await waitFor(() => expect([image.naturalWidth, image.naturalHeight]).toEqual([320, 120]));
    });
    await step('summary opens the file', () => expectSummaryOpensFile(row, LEGACY_PATH));
    await step('no raw attachment', () => expectNoRawAttachment(canvasElement));
  },
};

/** The recorded screenshot session with its image reference's width turned into a string. */
function corruptedScreenshotLog(): ParsedSessionLog {
  const recorded = recordedLogText(SCREENSHOT_LOG);
  const corrupted = recorded.replace('"width":640,', '"width":"640",');
  if (corrupted === recorded) throw new Error(`${SCREENSHOT_LOG} no longer holds a 640 px wide image reference`);
  return parseSessionLog(corrupted);
}

// Hand-corrupted: the host adapter only ever writes well-formed references; a damaged log file does not.
export const MalformedReference: Story = {
  name: 'Malformed image reference (text card)',
  args: replayOf(corruptedScreenshotLog()),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', () => expectState(row, 'done'));
    await step('text card, collapsed', async () => {
      await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'false');
      disclosureOf(row).focus();
      await userEvent.keyboard('{Enter}');
      await expect(bodyOf(row)).toHaveTextContent(FACTS);
      await expect(row.querySelector('.tc-card--image')).toBeNull();
    });
    await step('no raw attachment', () => expectNoRawAttachment(canvasElement));
  },
};

export const DoneZhCN: Story = {
  name: 'Done (zh-CN)',
  args: Done.args,
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const row = rowOf(canvasElement, CALL_ID);
    await step('Chinese labels', async () => {
      await expect(disclosureOf(row)).toHaveAccessibleName('读取图像 已完成');
      await expect(summaryButtonOf(row)).toHaveAccessibleName(`打开文件 ${FILE_PATH}`);
      await expect(canvas.getByRole('region', { name: '会话回放' })).toBeVisible();
      await expect(canvas.getByText('用户')).toBeVisible();
    });
    await step('summary opens the file', () => expectSummaryOpensFile(row, FILE_PATH));
  },
};
