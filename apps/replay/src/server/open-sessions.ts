import type { AttachmentHandler, AttachmentStore } from '@toolcard/host-read-image';

import type { SessionInfo } from '../../wire/workbench.ts';
import { createReplayAttachmentHandler } from './replay-attachments.ts';
import { openServedLog, type ServedLog } from './served-log.ts';

/** A session the server is serving: its followed log, and the route of its images (none without a store). */
export interface OpenSession {
  readonly served: ServedLog;
  readonly attachments: AttachmentHandler | undefined;
  readonly info: SessionInfo;
}

/** A served session's file, and its name as the pages show it. */
export interface LocatedSession {
  readonly path: string;
  /** Its path relative to the folder it was found in, as the index lists it (`golden/session.jsonl`); a file given alone, its own name. */
  readonly name: string;
}

export interface OpenSessionsOptions {
  /** The file of a session id, or undefined for an id that names no session served. */
  readonly locate: (id: string) => LocatedSession | undefined;
  /** The store of our own logs' images (another agent's file brings its own). */
  readonly store: AttachmentStore | undefined;
  /** How many sessions stay open at once; the one used longest ago is closed first (its page starts over if it asks again). */
  readonly limit?: number;
  readonly onFollowError?: (logPath: string, error: unknown) => void;
  readonly onWaitingForContent?: (logPath: string) => void;
}

/** Enough for a reviewer's tabs; each open session of another agent holds a spool folder and a file watch. */
const DEFAULT_LIMIT = 8;

/**
 * The sessions the pages are looking at, opened when first asked for (a folder of thousands is
 * never opened at once) and followed from then on. Concurrent first requests share one opening.
 */
export class OpenSessions {
  private readonly open = new Map<string, Promise<OpenSession>>();

  constructor(private readonly options: OpenSessionsOptions) {}

  /** The session of `id`, opened on first use; undefined when `id` names no session. */
  async get(id: string): Promise<OpenSession | undefined> {
    let opening = this.open.get(id);
    if (opening === undefined) {
      const located = this.options.locate(id);
      if (located === undefined) return undefined;
      opening = this.openSession(id, located);
      this.open.set(id, opening);
      opening.catch(() => this.open.delete(id));
      await this.closeOldest();
    } else {
      // Most recently used last: Map keeps insertion order.
      this.open.delete(id);
      this.open.set(id, opening);
    }
    return opening;
  }

  async close(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((opening) => opening.then((session) => session.served.close()).catch(() => undefined)));
  }

  private async openSession(id: string, { path: logPath, name }: LocatedSession): Promise<OpenSession> {
    const { onFollowError, onWaitingForContent } = this.options;
    const served = await openServedLog(logPath, this.options.store, () => onWaitingForContent?.(logPath));
    const { session, store, pending } = served;
    served.follow((error) => onFollowError?.(logPath, error));
    return {
      served,
      attachments:
        store === undefined ? undefined : createReplayAttachmentHandler({ store, sessions: session.source, ...(pending === undefined ? {} : { pending }) }),
      info: { id, log: name, store: store !== undefined },
    };
  }

  private async closeOldest(): Promise<void> {
    const limit = this.options.limit ?? DEFAULT_LIMIT;
    while (this.open.size > limit) {
      const [oldestId, oldest] = [...this.open][0] ?? [];
      if (oldestId === undefined || oldest === undefined) return;
      this.open.delete(oldestId);
      await oldest.then((session) => session.served.close()).catch(() => undefined);
    }
  }
}
