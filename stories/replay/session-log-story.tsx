import type { StoryObj } from '@storybook/react-vite';
import { lastSeq, parseSessionLog, type LoadImage } from '@toolcard/ui-tool-image';
import { loadRecordedAttachment } from '../support/attachment-store';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { withReplayCwd } from './discovered-logs';
import { EXPECTED_REPLAYS } from './expected-replays';
import { LogReplay } from './log-replay';
import { expectReplayShows } from './replay-assertions';

/**
 * The story a session log file becomes (see `.storybook/session-log-stories.ts`): the log replayed
 * with the recorded attachment store, behind a loader that counts its calls per attachment. Its
 * `step` control replays the log up to event N; the play function checks the whole log.
 */
/** The story's one arg: replay events with seq ≤ step. */
interface SessionLogArgs {
  readonly step: number;
}

export function sessionLogStory(logName: string, logText: string): StoryObj<SessionLogArgs> {
  const log = parseSessionLog(withReplayCwd(logText));
  const loads = new Map<string, number>();
  const countingLoader: LoadImage = (ref, options) => {
    loads.set(ref.attachmentId, (loads.get(ref.attachmentId) ?? 0) + 1);
    return loadRecordedAttachment(ref, options);
  };
  const last = lastSeq(log);
  return {
    args: { step: last },
    argTypes: { step: { description: 'Replay events with seq ≤ step', control: { type: 'range', min: 0, max: last, step: 1 } } },
    parameters: { toolcard: { loadImage: countingLoader } satisfies ToolcardParameters },
    beforeEach: () => {
      loads.clear();
    },
    // Keyed so a new value from the control starts the in-canvas step input afresh.
    render: ({ step }) => <LogReplay key={step} log={log} initialStep={step} />,
    play: ({ canvasElement, step }) => expectReplayShows(canvasElement, { log, expected: EXPECTED_REPLAYS.get(logName), loads }, step),
  };
}
