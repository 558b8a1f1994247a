import type { Meta, StoryObj } from '@storybook/react-vite';
import { parseSessionLog, SessionReplay } from '@toolcard/ui-tool-image';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RED_PNG } from '../support/fixture-images';
import { bodyOf, disclosureOf, rowOf, summaryButtonOf } from '../support/row-queries';
import {
  assistantMessage,
  deferredContext,
  errorContent,
  imageResultContent,
  nestedCall,
  sessionLog,
  STORY_CWD,
  toolCall,
  toolResult,
  userMessage,
  type LogEvent,
} from '../support/session-log';
import type { ToolcardParameters } from '../support/toolcard-parameters';

/** The path as the model wrote it (absolute), what `onOpenFile` must receive; rows show it relative. */
const RAW_PATH = `${STORY_CWD}/assets/red.png`;
const SHOWN_PATH = 'assets/red.png';
const CALL_ID = 'read-1';

const ASK = userMessage('What colour is assets/red.png?');
const READ = toolCall(CALL_ID, 'read_image', { file_path: RAW_PATH });
const SUCCESS_CONTENT = imageResultContent(RAW_PATH, RED_PNG);
const FACTS = 'image/png image, 1x1 px, 69 bytes';

const onOpenFile = fn<(path: string) => void>().mockName('onOpenFile');

const meta = {
  title: 'Rows/Read image',
  component: SessionReplay,
  tags: ['autodocs'],
  parameters: { toolcard: { onOpenFile } satisfies ToolcardParameters },
  // One spy for the file; calls are counted from zero each time a story renders (the UI can re-run one).
  beforeEach: () => {
    onOpenFile.mockClear();
  },
} satisfies Meta<typeof SessionReplay>;

export default meta;
type Story = StoryObj<typeof meta>;

function replayOf(events: readonly LogEvent[]): Story['args'] {
  return { log: parseSessionLog(sessionLog(events)) };
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

export const Preparing: Story = {
  name: 'Preparing (arguments still streaming)',
  args: replayOf([ASK, toolCall(CALL_ID, 'read_image', `{"file_path":"${STORY_CWD}/ass`)]),
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
  args: replayOf([ASK, READ]),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', async () => {
      await expectState(row, 'running');
      await expect(row).toHaveAttribute('aria-busy', 'true');
    });
    await step('disclosure', () => expectDisclosureToggles(row));
    await step('summary opens the file', () => expectSummaryOpensFile(row, RAW_PATH));
  },
};

export const Done: Story = {
  name: 'Done (image)',
  args: replayOf([
    ASK,
    READ,
    toolResult(CALL_ID, SUCCESS_CONTENT, { meta: { path: RAW_PATH } }),
    assistantMessage('It is a single red pixel.'),
  ]),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', async () => {
      await expectState(row, 'done');
      await expect(row).not.toHaveAttribute('aria-busy');
    });
    await step('image card, open from the start', async () => {
      await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'true');
      await expect(within(bodyOf(row)).getByText(SHOWN_PATH, { selector: '.tc-card__label' })).toBeVisible();
      await expect(bodyOf(row)).toHaveTextContent(FACTS);
    });
    await step('disclosure', () => expectDisclosureToggles(row));
    await step('summary opens the file', () => expectSummaryOpensFile(row, RAW_PATH));
    await step('no raw attachment', () => expectNoRawAttachment(canvasElement));
  },
};

export const Refused: Story = {
  name: 'Refused (text-only model)',
  args: replayOf([
    ASK,
    READ,
    toolResult(
      CALL_ID,
      errorContent(
        `cannot read ${JSON.stringify(RAW_PATH)} as an image: model "deepseek-v4-flash" does not declare image input; switch to an image-capable model to read images`,
      ),
      { isError: true, error: { name: 'ReadImageError', code: 'MODEL_NO_IMAGE_INPUT' } },
    ),
    assistantMessage('UNAVAILABLE'),
  ]),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', () => expectState(row, 'error'));
    await step('text, no summary button', () => expectTextOnly(row, 'switch to an image-capable model'));
    await step('disclosure', () => expectDisclosureToggles(row));
  },
};

const MISSING_PATH = `${STORY_CWD}/assets/missing.png`;

export const Failed: Story = {
  name: 'Failed (missing file)',
  args: replayOf([
    ASK,
    toolCall(CALL_ID, 'read_image', { file_path: MISSING_PATH }),
    toolResult(
      CALL_ID,
      errorContent(
        `cannot read ${JSON.stringify(MISSING_PATH)} as an image: the file does not exist; check the path (it is resolved against the working directory)`,
      ),
      { isError: true, error: { name: 'FsError', code: 'FS_NOT_FOUND' } },
    ),
  ]),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', () => expectState(row, 'error'));
    await step('text, no summary button', () => expectTextOnly(row, 'the file does not exist'));
  },
};

export const Stopped: Story = {
  name: 'Stopped (aborted)',
  args: replayOf([
    ASK,
    READ,
    toolResult(CALL_ID, errorContent(`reading ${JSON.stringify(RAW_PATH)} was aborted`), {
      isError: true,
      error: { name: 'AbortError', code: 'aborted' },
    }),
  ]),
  play: async ({ canvasElement, step }) => {
    const row = rowOf(canvasElement, CALL_ID);
    await step('state', () => expectState(row, 'stopped'));
    await step('text, no summary button', () => expectTextOnly(row, 'was aborted'));
  },
};

const PROGRAM_ID = 'program-1';
const NESTED_ID = 'read-nested-1';

export const Nested: Story = {
  name: 'Nested in run_code',
  args: replayOf([
    userMessage('Check the colour of every image in assets/.'),
    toolCall(PROGRAM_ID, 'run_code', { code: 'const { path } = await read_image({ file_path: "assets/red.png" });\nreturn path;' }),
    ...nestedCall(
      { rootCallId: PROGRAM_ID, parentCallId: PROGRAM_ID, subCallId: NESTED_ID },
      'read_image',
      { file_path: RAW_PATH },
      SUCCESS_CONTENT,
    ),
    toolResult(PROGRAM_ID, [{ type: 'text', text: RAW_PATH }]),
    ...deferredContext(SUCCESS_CONTENT),
    assistantMessage('assets/red.png is a single red pixel.'),
  ]),
  play: async ({ canvasElement, step }) => {
    const program = rowOf(canvasElement, PROGRAM_ID);
    await step('the program row opens by keyboard to show the nested call', async () => {
      await expectState(program, 'done');
      await expect(disclosureOf(program)).toHaveAttribute('aria-expanded', 'false');
      disclosureOf(program).focus();
      await userEvent.keyboard('{Enter}');
      const nested = within(bodyOf(program)).getByRole('group', { name: 'Nested calls' });
      await expect(nested).toContainElement(rowOf(canvasElement, NESTED_ID));
    });
    const row = rowOf(canvasElement, NESTED_ID);
    await step('nested state', () => expectState(row, 'done'));
    await step('nested image card, labelled by its own file_path', async () => {
      await expect(disclosureOf(row)).toHaveAttribute('aria-expanded', 'true');
      await expect(within(bodyOf(row)).getByText(SHOWN_PATH, { selector: '.tc-card__label' })).toBeVisible();
    });
    await step('nested disclosure', () => expectDisclosureToggles(row));
    await step('nested summary opens the file', () => expectSummaryOpensFile(row, RAW_PATH));
    await step('no raw attachment', () => expectNoRawAttachment(canvasElement));
  },
};

export const LegacyWithoutMeta: Story = {
  name: 'Legacy result without meta (text card)',
  args: replayOf([ASK, READ, toolResult(CALL_ID, SUCCESS_CONTENT)]),
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
    await step('summary opens the file', () => expectSummaryOpensFile(row, RAW_PATH));
    await step('no raw attachment', () => expectNoRawAttachment(canvasElement));
  },
};

export const MalformedReference: Story = {
  name: 'Malformed image reference (text card)',
  args: replayOf([
    ASK,
    READ,
    toolResult(
      CALL_ID,
      [SUCCESS_CONTENT[0], { type: 'image', attachment: { ...RED_PNG, width: '1' } }],
      { meta: { path: RAW_PATH } },
    ),
  ]),
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
      await expect(summaryButtonOf(row)).toHaveAccessibleName(`打开文件 ${SHOWN_PATH}`);
      await expect(canvas.getByRole('region', { name: '会话回放' })).toBeVisible();
      await expect(canvas.getByText('用户')).toBeVisible();
    });
    await step('summary opens the file', () => expectSummaryOpensFile(row, RAW_PATH));
  },
};
