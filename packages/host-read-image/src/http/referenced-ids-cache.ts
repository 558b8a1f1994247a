import { createHash } from 'node:crypto';

import { referencedAttachmentIds } from './referenced-attachments.ts';

/**
 * Per session, the referenced ids of the log text they were computed from, keyed by that
 * text's digest: a log that grew (or changed) is walked again. Holds at most `capacity`
 * sessions, dropping the least recently used.
 */
export class ReferencedIdsCache {
  private readonly capacity: number;
  private readonly entries = new Map<string, { readonly digest: string; readonly ids: ReadonlySet<string> }>();

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  idsFor(sessionId: string, logText: string): ReadonlySet<string> {
    const digest = createHash('sha256').update(logText).digest('hex');
    const cached = this.entries.get(sessionId);
    const ids = cached?.digest === digest ? cached.ids : referencedAttachmentIds(logText);
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { digest, ids });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
    return ids;
  }
}
