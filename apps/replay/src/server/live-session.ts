import { readFile } from 'node:fs/promises';

import { ReferencedIdsTracker, type SessionLogSource } from '@toolcard/host-read-image';

import { LogTail } from './log-tail.ts';

/** The one session this server replays; its attachments are `/api/sessions/current/attachments/:id`. */
export const SESSION_ID = 'current';

/**
 * The followed log and the attachment ids it references, both kept up to date by one tail: each
 * appended line is read once, so serving an image never re-reads or re-hashes the whole log.
 */
export class LiveSession {
  readonly tail: LogTail;
  private readonly referencedIds: ReadonlySet<string>;

  /**
   * `referencedIds`: the ids the attachment route serves, when something else keeps them (a live
   * set); by default the ids in the image blocks of the log's complete lines.
   */
  constructor(logPath: string, referencedIds?: ReadonlySet<string>) {
    if (referencedIds !== undefined) {
      this.tail = new LogTail(logPath);
      this.referencedIds = referencedIds;
      return;
    }
    const tracker = new ReferencedIdsTracker();
    this.tail = new LogTail(logPath, {
      onText: (text) => {
        tracker.append(text);
      },
      onReset: () => {
        tracker.reset();
      },
    });
    this.referencedIds = tracker.ids;
  }

  /** What the attachment handler asks: only this session, only the ids it references. */
  get source(): SessionLogSource {
    return {
      referencedIds: (sessionId) => Promise.resolve(sessionId === SESSION_ID ? this.referencedIds : undefined),
      readLog: async (sessionId) => (sessionId === SESSION_ID ? readFile(this.tail.path, 'utf8') : undefined),
    };
  }
}
