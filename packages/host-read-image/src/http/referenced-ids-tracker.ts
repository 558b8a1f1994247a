import { referencedAttachmentIds } from './referenced-attachments.ts';

/**
 * The referenced attachment ids of a session log read as it is appended to: each complete line is
 * walked once, when it arrives, so a growing log never costs a walk (or a digest) of its whole
 * text. A cut-off last line waits for the rest of its text; until then its ids do not count,
 * exactly as a whole-text walk skips a line that does not parse.
 */
export class ReferencedIdsTracker {
  private pendingLine = '';
  private readonly collected = new Set<string>();

  /** Reads every line `chunk` completes; an unfinished last line waits for the next chunk. */
  append(chunk: string): void {
    const text = this.pendingLine + chunk;
    const lastNewline = text.lastIndexOf('\n');
    this.pendingLine = text.slice(lastNewline + 1);
    if (lastNewline === -1) return;
    for (const id of referencedAttachmentIds(text.slice(0, lastNewline))) this.collected.add(id);
  }

  /** The log was truncated or replaced: forget everything read so far. */
  reset(): void {
    this.pendingLine = '';
    this.collected.clear();
  }

  /** The ids referenced by the complete lines read so far (a live view, not a copy). */
  get ids(): ReadonlySet<string> {
    return this.collected;
  }
}
