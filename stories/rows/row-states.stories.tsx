import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildToolCalls, conversationFromUIMessages, parseSessionLog, ToolCallView, type ParsedSessionLog, type ToolCallNode } from '@toolcard/ui-tool-image';
import type { ReactNode } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { beforeResultOf, recordedLog } from '../support/recorded-logs';
import { bodyOf, disclosureOf, rowOf } from '../support/row-queries';
import { errorContent, sessionLog, toolCall, toolResult } from '../support/session-log';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { NARROW_VIEWPORT_GLOBALS, NARROW_VIEWPORT_PARAMETERS, NARROW_WIDTH } from '../support/viewports';

/**
 * Every state a row can be in, one under another, so they can be told apart at a glance: each has
 * its own badge (icon, word, colour), and a refused, failed or stopped row leads with its reason.
 */

const SCREENSHOT_LOG = 'sessions/01-screenshot-png';
const LONG_PATH = 'design/exports/2026/marketing-site/landing-page/hero-illustrations/vector.svg';
const SVG_REASON =
  'the extension ".svg" is not an image type this tool reads; use a file ending in .png, .jpg, .jpeg, .webp, .gif, or convert the image to PNG';

function firstCall(log: ParsedSessionLog): ToolCallNode {
  const [node] = buildToolCalls(log.events).roots;
  if (node === undefined) throw new Error('The log holds no call');
  return node;
}

function handBuilt(...events: Parameters<typeof sessionLog>[0]): ToolCallNode {
  return firstCall(parseSessionLog(sessionLog(events)));
}

function awaitingApproval(): ToolCallNode {
  const { items } = conversationFromUIMessages([
    {
      id: 'assistant-1',
      role: 'assistant',
      parts: [
        {
          type: 'tool-read_image',
          toolCallId: 'call-1',
          state: 'approval-requested',
          input: { file_path: 'screenshots/login-screen.png' },
          approval: { id: 'approval-1' },
        },
      ],
    },
  ]);
  const [item] = items;
  if (item?.kind !== 'call') throw new Error('The message holds no call');
  return item.node;
}

interface StateCase {
  readonly id: string;
  readonly state: string;
  readonly badge: string;
  /** The reason a collapsed row leads with, when its state has one. */
  readonly reason?: string;
  readonly node: () => ToolCallNode;
}

const CASES: readonly StateCase[] = [
  { id: 'done', state: 'done', badge: 'Done', node: () => firstCall(recordedLog(SCREENSHOT_LOG)) },
  {
    id: 'refused-route',
    state: 'refused',
    badge: 'Refused',
    reason: 'model "replay-text" does not declare image input',
    node: () => firstCall(recordedLog('sessions/09-text-only-refusal')),
  },
  {
    id: 'refused-type',
    state: 'refused',
    badge: 'Refused',
    reason: 'the extension ".svg" is not an image type this tool reads',
    node: () =>
      handBuilt(
        toolCall('call-1', 'read_image', { file_path: LONG_PATH }),
        toolResult('call-1', errorContent(`cannot read ${JSON.stringify(LONG_PATH)} as an image: ${SVG_REASON}`), {
          isError: true,
          error: { name: 'ReadImageError', code: 'UNSUPPORTED_IMAGE_EXTENSION' },
        }),
      ),
  },
  { id: 'failed', state: 'error', badge: 'Failed', reason: 'the file does not exist', node: () => firstCall(recordedLog('sessions/12-missing-file')) },
  {
    id: 'stopped',
    state: 'stopped',
    badge: 'Stopped',
    reason: 'reading "screenshots/login-screen.png" was aborted',
    node: () =>
      handBuilt(
        toolCall('call-1', 'read_image', { file_path: 'screenshots/login-screen.png' }),
        toolResult('call-1', errorContent('reading "screenshots/login-screen.png" was aborted'), {
          isError: true,
          error: { name: 'AbortError', code: 'aborted' },
        }),
      ),
  },
  { id: 'running', state: 'running', badge: 'Running', node: () => firstCall(beforeResultOf(recordedLog(SCREENSHOT_LOG), 'call-1')) },
  { id: 'preparing', state: 'preparing', badge: 'Preparing', node: () => handBuilt(toolCall('call-1', 'read_image', '{"file_path":"screensh')) },
  { id: 'awaiting-approval', state: 'awaiting-approval', badge: 'Awaiting approval', node: awaitingApproval },
];

function RowStates(): ReactNode {
  return (
    <div className="tc-replay">
      {CASES.map(({ id, node }) => (
        <div key={id} data-case={id}>
          <ToolCallView node={node()} />
        </div>
      ))}
    </div>
  );
}

const onApprove = fn().mockName('onApprove');
const onReject = fn().mockName('onReject');

const meta = {
  title: 'Rows/States',
  component: RowStates,
  parameters: {
    // Collapsed, as a long session shows them: the badge and the reason carry the state.
    toolcard: { onApprove, onReject, expandImageResults: false } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
} satisfies Meta<typeof RowStates>;

export default meta;
type Story = StoryObj<typeof meta>;

function caseRow(canvasElement: HTMLElement, id: string): HTMLElement {
  const holder = canvasElement.querySelector<HTMLElement>(`[data-case="${id}"]`);
  if (holder === null) throw new Error(`No case ${id}`);
  return rowOf(holder, 'call-1');
}

async function expectEveryStateApart(canvasElement: HTMLElement): Promise<void> {
  for (const { id, state, badge, reason } of CASES) {
    const row = caseRow(canvasElement, id);
    await expect(row).toHaveAttribute('data-state', state);
    const label = row.querySelector(':scope > .tc-row__header .tc-row__state-label');
    await expect(label).toBeVisible();
    await expect(label).toHaveTextContent(badge);
    const reasonLine = row.querySelector<HTMLElement>(':scope > .tc-row__header > .tc-row__reason');
    if (reason === undefined) {
      await expect(reasonLine).toBeNull();
    } else {
      await expect(reasonLine).toBeVisible();
      const shown = reasonLine?.textContent ?? '';
      await expect(shown.startsWith(reason)).toBe(true);
      await expect(disclosureOf(row)).toHaveAccessibleName(`Read image ${badge} ${shown}`);
    }
  }
}

/** Refused is not red: its badge's colour is not the failed badge's. */
async function expectRefusedNotRed(canvasElement: HTMLElement): Promise<void> {
  const colour = (id: string): string => {
    const badge = caseRow(canvasElement, id).querySelector(':scope > .tc-row__header .tc-row__state');
    return badge === null ? '' : getComputedStyle(badge).color;
  };
  await expect(colour('refused-route')).not.toBe(colour('failed'));
  await expect(colour('refused-route')).not.toBe(colour('stopped'));
}

/** The long path keeps its file name whole; where it does not fit, its directory shortens. The full path is on hover. */
async function expectPathShortenedInTheMiddle(canvasElement: HTMLElement, shortened: boolean): Promise<void> {
  const row = caseRow(canvasElement, 'refused-type');
  const path = row.querySelector<HTMLElement>(':scope > .tc-row__header .tc-path');
  await expect(path).toHaveAttribute('title', LONG_PATH);
  const directory = path?.querySelector<HTMLElement>('.tc-path__directory');
  const name = path?.querySelector<HTMLElement>('.tc-path__name');
  if (directory == null || name == null) throw new Error('The path has no directory or name part');
  await expect(name).toHaveTextContent('vector.svg');
  await expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth);
  await expect(directory.scrollWidth > directory.clientWidth).toBe(shortened);
}

export const AllStates: Story = {
  name: 'Every state (1200 px)',
  play: async ({ canvasElement, step }) => {
    await step('each state its own badge; refused, failed and stopped lead with the reason', () => expectEveryStateApart(canvasElement));
    await step('refused is not red', () => expectRefusedNotRed(canvasElement));
    await step('the reason shares the title line', async () => {
      const row = caseRow(canvasElement, 'failed');
      const title = disclosureOf(row).getBoundingClientRect();
      const reason = row.querySelector(':scope > .tc-row__header > .tc-row__reason')?.getBoundingClientRect();
      await expect(reason !== undefined && reason.top < title.bottom).toBe(true);
    });
    await step('a long path fits whole', () => expectPathShortenedInTheMiddle(canvasElement, false));
    await step('awaiting approval offers Approve and Reject', async () => {
      const row = caseRow(canvasElement, 'awaiting-approval');
      onApprove.mockClear();
      row.querySelector<HTMLButtonElement>('.tc-row__action--approve')?.click();
      await expect(onApprove).toHaveBeenCalledWith('approval-1', expect.objectContaining({ callId: 'call-1' }));
    });
  },
};

export const AllStatesNarrow: Story = {
  name: `Every state (${String(NARROW_WIDTH)} px)`,
  parameters: { viewport: NARROW_VIEWPORT_PARAMETERS },
  globals: NARROW_VIEWPORT_GLOBALS,
  play: async ({ canvasElement, step }) => {
    await step(`the page is ${String(NARROW_WIDTH)} px wide`, () => expect(canvasElement.ownerDocument.documentElement.clientWidth).toBe(NARROW_WIDTH));
    await step('each state its own badge; refused, failed and stopped lead with the reason', () => expectEveryStateApart(canvasElement));
    await step('the reason takes a second line, whole width, under the title', async () => {
      for (const id of ['refused-route', 'refused-type', 'failed', 'stopped']) {
        const row = caseRow(canvasElement, id);
        const title = disclosureOf(row).getBoundingClientRect();
        const reason = row.querySelector(':scope > .tc-row__header > .tc-row__reason')?.getBoundingClientRect();
        await expect(reason !== undefined && reason.top >= title.bottom - 1).toBe(true);
      }
    });
    await step('a long path shortens in the middle', () => expectPathShortenedInTheMiddle(canvasElement, true));
    await step('nothing is wider than the page', () => expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBe(NARROW_WIDTH));
  },
};

/**
 * Every state opened, on a phone: what each card's body shows (the image, the whole message, the
 * arguments awaiting approval) fits the page. At 1200 px each opened state has its own story
 * (Rows/Read image, and the AI SDK's approval-requested part).
 */
export const AllStatesOpenNarrow: Story = {
  name: `Every state, opened (${String(NARROW_WIDTH)} px)`,
  parameters: { viewport: NARROW_VIEWPORT_PARAMETERS },
  globals: NARROW_VIEWPORT_GLOBALS,
  play: async ({ canvasElement, step }) => {
    await step('open every row', async () => {
      for (const { id } of CASES) {
        const disclosure = disclosureOf(caseRow(canvasElement, id));
        await userEvent.click(disclosure);
        await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
        await expect(bodyOf(caseRow(canvasElement, id))).toBeVisible();
      }
      // The capture shows the rows, not the focus ring of the last one opened.
      (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
    });
    await step('each state keeps its badge', () => expectEveryStateApart(canvasElement));
    await step('nothing is wider than the page', () => expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBe(NARROW_WIDTH));
  },
};
