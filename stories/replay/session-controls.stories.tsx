import type { Meta, StoryObj } from '@storybook/react-vite';
import { AttachmentNotAvailableError, readAgentLog, SessionReplay, type LoadImage } from '@toolcard/ui-tool-image';
import { expect, userEvent, within } from 'storybook/test';
import { agentLogText } from '../agents/agent-log-files';
import { loadRecordedAttachment } from '../support/attachment-store';
import { recordedLog } from '../support/recorded-logs';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { LogReplay } from './log-replay';

/**
 * What sits above a replay in the `pnpm replay` viewer (issue 24 §3–§5): the session's facts, each
 * row's time, the step control and the find bar, at 1200 px and on a 390 px phone, light and dark.
 */
const meta = {
  title: 'Replay/Session header and controls',
  parameters: {
    toolcard: { loadImage: loadRecordedAttachment } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
    viewport: { options: { phone: { name: 'Phone, 390 px', styles: { width: '390px', height: '844px' } } } },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const PHONE = { viewport: { value: 'phone' } };

/** Another agent's images are inline in its file: the built-in loader serves them and this is never asked. */
const noAppImages: LoadImage = (ref) => Promise.reject(new AttachmentNotAvailableError(`${ref.attachmentId}: not the app's`));

const claudeCode = readAgentLog(agentLogText('claude-code-read-png.jsonl'));
const severalImages = recordedLog('sessions/07-several-images');

function factsOf(canvasElement: HTMLElement): Record<string, string> {
  const header = within(canvasElement).getByRole('group', { name: 'Session' });
  return Object.fromEntries(
    within(header)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

/** A Claude Code transcript: its facts above the replay, each row's time after the start, a call's duration. */
export const ClaudeCodeFacts: Story = {
  parameters: { toolcard: { loadImage: noAppImages } satisfies ToolcardParameters },
  render: () => <SessionReplay log={claudeCode} showFacts />,
  play: async ({ canvasElement }) => {
    await expect(factsOf(canvasElement)).toEqual({
      Model: 'claude-sonnet-4-5-20250929',
      Started: '2025-10-01 12:00:01 UTC',
      Duration: '4.0 s',
      'Working directory': '/home/qa/project',
      Format: 'Claude Code 2.0.5',
      Calls: '1',
      Images: '1',
      Failed: '0',
    });
    await expect(within(canvasElement).getByText('+0:02 after the start, took 1.0 s')).toBeInTheDocument();
  },
};

/** Our own log stepped back to step 0: the control says it shows the header alone, and no row shows. */
export const StepZero: Story = {
  render: () => <LogReplay log={severalImages} initialStep={-1} showFacts />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('replay-step')).toHaveTextContent(`Event 0 of ${String(severalImages.events.length)}`);
    await expect(canvas.getByText('Before the first event: the session header only')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous event' })).toBeDisabled();
    await expect(canvasElement.querySelectorAll('.tc-replay__item')).toHaveLength(0);
  },
};

/** Our own log one event at a time: the event's type and what it is about beside the count. */
export const StepThroughEvents: Story = {
  render: () => <LogReplay log={severalImages} initialStep={-1} showFacts />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (let step = 0; step < 3; step += 1) await userEvent.click(canvas.getByRole('button', { name: 'Next event' }));
    await expect(canvas.getByTestId('replay-step')).toHaveTextContent(`Event 3 of ${String(severalImages.events.length)}`);
    await expect(canvasElement.querySelector('.tc-steps__kind')).toHaveTextContent('tool/call');
    await expect(canvasElement.querySelector('.tc-steps__label')).toHaveTextContent(/^read_image · /);
  },
};

/** A phone: the facts one sideways-scrolling line, the step control two lines, the filters folded. */
export const PhoneStepped: Story = {
  globals: PHONE,
  render: () => <LogReplay log={severalImages} showFacts />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(window.innerWidth).toBe(390);
    await expect(canvas.getByRole('combobox', { name: 'Tool' })).not.toBeVisible();
    const top = canvas.getByRole('group', { name: 'Session' }).getBoundingClientRect().top;
    const bottom = canvas.getByRole('search').getBoundingClientRect().bottom;
    await expect(bottom - top).toBeLessThanOrEqual(844 / 3);
    await userEvent.click(canvas.getByText('Filters'));
    await expect(canvas.getByRole('combobox', { name: 'Tool' })).toBeVisible();
  },
};

/** A phone, another agent's session: the facts line and the rows' times. */
export const PhoneClaudeCode: Story = {
  globals: PHONE,
  parameters: { toolcard: { loadImage: noAppImages } satisfies ToolcardParameters },
  render: () => <SessionReplay log={claudeCode} showFacts />,
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(390);
    await expect(factsOf(canvasElement)).toMatchObject({ Model: 'claude-sonnet-4-5-20250929', Calls: '1' });
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};
