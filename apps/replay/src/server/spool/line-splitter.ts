const NEWLINE = 0x0a;

/** A piece of the byte stream: a complete line (without its `\n`), or one longer than the cap, dropped. */
export type SplitLine = { readonly kind: 'line'; readonly bytes: Buffer } | { readonly kind: 'too-long'; readonly byteLength: number };

/**
 * Splits chunks of bytes into lines at `\n` (never inside a UTF-8 character: its bytes are all
 * above 0x7f). A line longer than `maxLineBytes` is not held: its bytes are dropped as they come,
 * so one huge line cannot take the memory a file's worth of lines would.
 */
export class LineSplitter {
  private readonly maxLineBytes: number;
  private pendingChunks: Buffer[] = [];
  private pendingBytes = 0;
  private dropping = false;

  constructor(maxLineBytes: number) {
    this.maxLineBytes = maxLineBytes;
  }

  /** The complete lines `chunk` ends, in order; the unfinished rest waits for the next chunk. */
  push(chunk: Buffer): SplitLine[] {
    const lines: SplitLine[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      this.hold(chunk.subarray(start, newline));
      lines.push(this.take());
      start = newline + 1;
    }
    this.hold(chunk.subarray(start));
    return lines;
  }

  /** The unfinished last line so far (undefined while it is being dropped as too long). */
  get pending(): Buffer | undefined {
    if (this.dropping) return undefined;
    const joined = Buffer.concat(this.pendingChunks, this.pendingBytes);
    this.pendingChunks = [joined];
    return joined;
  }

  /** Forgets the unfinished line (it was read as complete after all, or the file started over). */
  clear(): void {
    this.pendingChunks = [];
    this.pendingBytes = 0;
    this.dropping = false;
  }

  private hold(bytes: Buffer): void {
    // Even an empty view would keep its whole chunk alive.
    if (bytes.length === 0) return;
    this.pendingBytes += bytes.length;
    if (this.dropping) return;
    if (this.pendingBytes > this.maxLineBytes) {
      this.dropping = true;
      this.pendingChunks = [];
      return;
    }
    this.pendingChunks.push(bytes);
  }

  private take(): SplitLine {
    const line: SplitLine = this.dropping
      ? { kind: 'too-long', byteLength: this.pendingBytes }
      : { kind: 'line', bytes: Buffer.concat(this.pendingChunks, this.pendingBytes) };
    this.clear();
    return line;
  }
}
