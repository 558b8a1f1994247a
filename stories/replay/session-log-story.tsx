import type { StoryObj } from '@storybook/react-vite';
import { parseSessionLog, type LoadImage } from '@toolcard/ui-tool-image';
import { loadRecordedAttachment } from '../support/attachment-store';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { withReplayCwd } from './discovered-logs';
import { EXPECTED_REPLAYS } from './expected-replays';
import { LogReplay } from './log-replay';
import { expectReplayShows } from './replay-assertions';

/**
 * The story a session log file becomes (see `.storybook/session-log-stories.ts`): the log replayed
 * with the recorded attachment store, behind a loader that counts its calls per attachment.
 */
export function sessionLogStory(logName: string, logText: string): StoryObj {
  const log = parseSessionLog(withReplayCwd(logText));
  const loads = new Map<string, number>();
  const countingLoader: LoadImage = (ref, options) => {
    loads.set(ref.attachmentId, (loads.get(ref.attachmentId) ?? 0) + 1);
    return loadRecordedAttachment(ref, options);
  };
  return {
    parameters: { toolcard: { loadImage: countingLoader } satisfies ToolcardParameters },
    beforeEach: () => {
      loads.clear();
    },
    render: () => <LogReplay log={log} />,
    play: ({ canvasElement, step }) =>
      expectReplayShows(canvasElement, { log, expected: EXPECTED_REPLAYS.get(logName), loads }, step),
  };
}
