import path from 'node:path';
import type { Indexer } from 'storybook/internal/types';
import type { Plugin } from 'vite';
import { REFERENCE_LOG_STORY_GLOB, REFERENCE_LOGS_FOUND, referenceLogName } from './reference-logs.ts';

/**
 * Every recorded session log and every reference log is a story file of its own: Storybook indexes
 * the `.jsonl` file as one story, and Vite serves it as a CSF module that replays the log. Adding a
 * log adds a story (and a test, and a screenshot baseline) with no code change.
 */

/** `stories/fixtures/sessions/<name>.jsonl`, and `<name>/session.jsonl` of the reference logs when they are there. */
export const SESSION_LOG_GLOBS = ['../stories/fixtures/sessions/*.jsonl', ...(REFERENCE_LOGS_FOUND ? [REFERENCE_LOG_STORY_GLOB] : [])];

const STORY_FACTORY = path.resolve(import.meta.dirname, '../stories/replay/session-log-story.tsx');
const EXPORT_NAME = 'Replay';

interface LogFileStory {
  /** The log's name in the replay stories: `sessions/<scenario>` or `reference/<name>`. */
  readonly logName: string;
  readonly title: string;
  readonly storyName: string;
}

/** What a log file is called, or `undefined` for files that are not replayable logs. */
function storyOfLogFile(file: string): LogFileStory | undefined {
  const normalised = file.split(path.sep).join('/');
  const recorded = /\/stories\/fixtures\/sessions\/([^/]+)\.jsonl$/.exec(normalised)?.[1];
  if (recorded !== undefined) {
    return { logName: `sessions/${recorded}`, title: `Replay/Recorded sessions/${recorded}`, storyName: recorded };
  }
  const reference = referenceLogName(file);
  if (reference !== undefined) {
    return { logName: `reference/${reference}`, title: `Replay/Reference logs/${reference}`, storyName: reference };
  }
  return undefined;
}

/** Indexes a session log as one story, hoisted to a leaf of the sidebar (its name is its title's last segment). */
export const sessionLogIndexer: Indexer = {
  test: /\.jsonl$/,
  createIndex: (fileName) => {
    const story = storyOfLogFile(fileName);
    if (story === undefined) return Promise.resolve([]);
    return Promise.resolve([
      {
        type: 'story',
        importPath: fileName,
        exportName: EXPORT_NAME,
        title: story.title,
        name: story.storyName,
        tags: ['session-log'],
      },
    ]);
  },
};

/** Serves a session log imported without a query as the CSF module the indexer promised. */
export function sessionLogStoriesPlugin(): Plugin {
  return {
    name: 'toolcard:session-log-stories',
    enforce: 'pre',
    load(id) {
      if (id.includes('?')) return null;
      const story = storyOfLogFile(id);
      if (story === undefined) return null;
      return [
        `import { sessionLogStory } from ${JSON.stringify(STORY_FACTORY)};`,
        `import logText from ${JSON.stringify(`${id}?raw`)};`,
        `export default { title: ${JSON.stringify(story.title)}, tags: ['session-log'] };`,
        `export const ${EXPORT_NAME} = { name: ${JSON.stringify(story.storyName)}, ...sessionLogStory(${JSON.stringify(story.logName)}, logText) };`,
      ].join('\n');
    },
  };
}
