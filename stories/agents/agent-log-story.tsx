import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentLogReader, AttachmentNotAvailableError, SessionReplay, type AgentLog, type LoadImage } from '@toolcard/ui-tool-image';
import { expect, fn } from 'storybook/test';
import { AGENT_LOGS } from '../fixtures/agents/agent-logs';
import type { ThemeParameters } from '../support/theme';
import type { ToolcardParameters } from '../support/toolcard-parameters';
import { agentLogText } from './agent-log-files';
import { expectAgentReplayShows } from './agent-replay-assertions';

/**
 * The app's loader in these stories: another agent's images are inline in its file, so the built-in
 * loader serves every one of them and this is never asked.
 */
const appLoadImage = fn<LoadImage>((ref) =>
  Promise.reject(new AttachmentNotAvailableError(`${ref.attachmentId}: the app stores no images for these logs`)),
).mockName('app loadImage');

/**
 * The meta of every "Sessions / …" file but its title: the spied loader, and a dark variant of each
 * story. Spread it into a meta with no JSDoc comment: the docs addon turns that comment into the
 * meta's `parameters`, replacing these.
 */
export const agentLogMeta = {
  parameters: {
    toolcard: { loadImage: appLoadImage } satisfies ToolcardParameters,
    theme: { variants: ['dark'] } satisfies ThemeParameters,
  },
  beforeEach: () => {
    appLoadImage.mockClear();
  },
} satisfies Meta;

/** A session file's text read with its subagents' files (each by its name, as `pnpm replay` and "Open a log" give them). */
function readWithSubagents(text: string, subagentFiles: readonly { readonly path: string; readonly text: string }[]): AgentLog {
  const reader = new AgentLogReader();
  reader.append(text);
  for (const file of subagentFiles) reader.appendSubagent(file.path.slice(file.path.lastIndexOf('/') + 1), file.text);
  reader.end();
  return reader.snapshot();
}

/** The story of one generated session file: its text (with its subagents' files) read, replayed, and checked against the fixture's expectations. */
export function agentLogStory(file: string): StoryObj {
  const fixture = AGENT_LOGS.get(file);
  if (fixture === undefined) throw new Error(`No agent log fixture writes ${file}`);
  const subagentFiles = (fixture.subagentFiles ?? []).map(({ path }) => ({ path, text: agentLogText(path) }));
  const log = readWithSubagents(agentLogText(file), subagentFiles);
  // Every image the page could leak is in one of these texts.
  const fileText = [agentLogText(file), ...subagentFiles.map(({ text }) => text)].join('\n');
  return {
    parameters: { docs: { description: { story: fixture.description } } },
    render: () => <SessionReplay log={log} />,
    play: async ({ canvasElement, step }) => {
      await expectAgentReplayShows(canvasElement, { log, expected: fixture.expected, fileText }, step);
      await step('the app loader never asked: the images are served from the file', async () => {
        await expect(appLoadImage).not.toHaveBeenCalled();
      });
    },
  };
}
