import type { Meta } from '@storybook/react-vite';
import { eventsUpTo, parseSessionLog } from '@toolcard/ui-tool-image';
import { expect, fireEvent, within } from 'storybook/test';
import { loadRecordedAttachment } from '../support/attachment-store';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { DISCOVERED_LOGS, LOG_NAMES } from './discovered-logs';
import { LogReplay } from './log-replay';

/**
 * "Replay / Step through a log": one discovered log replayed up to a step. Its stories are in two
 * files, `session-replay.stories.tsx` and `reference-logs/step-through.stories.tsx` (listed only
 * when the reference logs are there); this is what they share.
 */

interface FixtureReplayProps {
  /** Which discovered log: `sessions/<scenario>` or `reference/<name>`. */
  readonly session: string;
  /** Replay events with seq ≤ step; the whole log when absent. */
  readonly step?: number;
}

/** One discovered log, parsed and replayed up to `step`. */
export function FixtureReplay({ session, step }: FixtureReplayProps) {
  const text = DISCOVERED_LOGS.get(session);
  if (text === undefined) return <p>No log named {session}.</p>;
  // Keyed so a new log or a new step from the controls starts the in-canvas step input afresh.
  return <LogReplay key={`${session}:${String(step)}`} log={parseSessionLog(text)} initialStep={step} />;
}

const MAX_EVENTS = Math.max(0, ...[...DISCOVERED_LOGS.values()].map((text) => parseSessionLog(text).events.length));

/** The meta of both files, but for the title (a CSF file states its own). */
export const fixtureReplayMeta = {
  component: FixtureReplay,
  parameters: { toolcard: { loadImage: loadRecordedAttachment } satisfies ToolcardParameters },
  argTypes: {
    session: { control: 'select', options: LOG_NAMES },
    step: { control: { type: 'range', min: 0, max: MAX_EVENTS, step: 1 } },
  },
} satisfies Meta<typeof FixtureReplay>;

export async function expectNoRawAttachment(canvasElement: HTMLElement): Promise<void> {
  await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('attachmentId');
}

export function imageCards(canvasElement: HTMLElement): NodeListOf<Element> {
  return canvasElement.querySelectorAll('.tc-card--image');
}

/** The step (events shown) at which a discovered log's events up to `seq` show. */
export function stepAtSeq(session: string, seq: number): number {
  return eventsUpTo(parseSessionLog(DISCOVERED_LOGS.get(session) ?? ''), seq);
}

/** Moves the in-canvas step control to the events of `session` up to `seq`, with its slider. */
export async function replayUpTo(canvasElement: HTMLElement, session: string, seq: number): Promise<void> {
  const slider = within(canvasElement).getByRole('slider', { name: 'Event' });
  await fireEvent.change(slider, { target: { value: String(stepAtSeq(session, seq)) } });
  await expect(slider).toHaveValue(String(stepAtSeq(session, seq)));
}
