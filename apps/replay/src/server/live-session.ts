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
  readonly #referenced = new ReferencedIdsTracker();

  constructor(logPath: string) {
    this.tail = new LogTail(logPath, {
      onText: (text) => {
        this.#referenced.append(text);
      },
      onReset: () => {
        this.#referenced.reset();
      },
    });
  }

  /** What the attachment handler asks: only this session, only ids its complete lines reference. */
  get source(): SessionLogSource {
    return {
      referencedIds: (sessionId) => Promise.resolve(sessionId === SESSION_ID ? this.#referenced.ids : undefined),
      readLog: async (sessionId) => (sessionId === SESSION_ID ? readFile(this.tail.path, 'utf8') : undefined),
    };
  }
}
