import { existsSync } from 'node:fs';
import path from 'node:path';
import { searchForWorkspaceRoot, type Plugin } from 'vite';

/**
 * The harness's reference logs are another project's files (DESIGN §5): they stay in
 * `../shared/reference-logs/` beside the repository (read-only in CI) and the stories read them
 * from there when they are built, never from a copy in this repository. Without that folder the
 * Storybook has no reference-log stories, and builds and runs as before.
 */
export const REFERENCE_LOGS_DIR = path.resolve(import.meta.dirname, '../../shared/reference-logs');

export const REFERENCE_LOGS_FOUND = existsSync(REFERENCE_LOGS_DIR);

/** Stories glob the folder through this alias (`stories/support/reference-logs.ts`). */
const ALIAS = '@reference-logs';

/** The folder's logs as story files, relative to this config directory (as Storybook's `stories` are). */
export const REFERENCE_LOG_STORY_GLOB = `${path
  .relative(import.meta.dirname, REFERENCE_LOGS_DIR)
  .split(path.sep)
  .join('/')}/*/session.jsonl`;

/** The reference log `<name>` a file is (`<dir>/<name>/session.jsonl`), or `undefined`. */
export function referenceLogName(file: string): string | undefined {
  const [name, fileName, ...deeper] = path.relative(REFERENCE_LOGS_DIR, file).split(path.sep);
  return name !== undefined && name !== '..' && fileName === 'session.jsonl' && deeper.length === 0 ? name : undefined;
}

/** Lets the Storybook's Vite (dev server, static build, Vitest's browser mode) resolve and serve the folder. */
export function referenceLogsPlugin(): Plugin {
  return {
    name: 'toolcard:reference-logs',
    config: (config) => ({
      resolve: { alias: { [ALIAS]: REFERENCE_LOGS_DIR } },
      // Naming any allowed folder replaces Vite's default (the workspace root), so it is named too.
      server: { fs: { allow: [searchForWorkspaceRoot(config.root ?? process.cwd()), REFERENCE_LOGS_DIR] } },
    }),
  };
}
