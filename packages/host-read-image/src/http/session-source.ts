import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { checkOption, NON_EMPTY_PATH } from '../options/check-option.ts';
import { isPlainToken } from './plain-token.ts';

/** Where the attachment handler reads a session's log; `undefined` = no such session. */
export interface SessionLogSource {
  readLog(sessionId: string): Promise<string | undefined>;
  /**
   * Optional: the attachment ids a session's log references, from a source that already tracks
   * them (e.g. a `ReferencedIdsTracker` fed as the log grows). When present, the handler
   * asks this instead of reading and walking the whole log on every request.
   */
  referencedIds?(sessionId: string): Promise<ReadonlySet<string> | undefined>;
}

/** Session logs stored as `<dir>/<sessionId>.jsonl`. */
export function directorySessionSource(dir: string): SessionLogSource {
  checkOption('directorySessionSource', 'dir', dir, NON_EMPTY_PATH);
  return {
    async readLog(sessionId) {
      // The id becomes part of a path, so this source refuses non-tokens itself rather than trust every caller.
      if (!isPlainToken(sessionId)) return undefined;
      try {
        return await readFile(path.join(dir, `${sessionId}.jsonl`), 'utf8');
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw cause;
      }
    },
  };
}
