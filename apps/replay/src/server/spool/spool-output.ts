import { open, rename, type FileHandle } from 'node:fs/promises';

const NEWLINE = Buffer.from('\n');

/**
 * The spooled copy on disk, its lines gathered and written when the spool says so (once per chunk
 * of the source, not once per line: every write wakes the tail over the copy, and a wake per line
 * made the server's reads and answers outweigh the spool itself). Starting over puts a new, empty
 * file in its place (opened before the rename, so it is another inode): a LogTail over the path
 * starts a new generation on its next poll however much is written before that poll.
 */
export class SpoolOutput {
  readonly path: string;
  #handle: FileHandle | undefined;
  #unwritten: Buffer[] = [];

  private constructor(filePath: string) {
    this.path = filePath;
  }

  /** Creates (or empties) the file at `filePath`. */
  static async create(filePath: string): Promise<SpoolOutput> {
    const output = new SpoolOutput(filePath);
    await output.startOver();
    return output;
  }

  /** An empty copy in place of this one; lines not written yet are dropped with it. */
  async startOver(): Promise<void> {
    const next = `${this.path}.next`;
    const handle = await open(next, 'w');
    await rename(next, this.path);
    await this.#handle?.close();
    this.#handle = handle;
    this.#unwritten = [];
  }

  /** Adds `content` and a `\n` to what the next flush writes. */
  appendLine(content: string | Buffer): void {
    if (this.#handle === undefined) throw new Error(`the spooled copy ${this.path} is closed`);
    this.#unwritten.push(typeof content === 'string' ? Buffer.from(content) : content, NEWLINE);
  }

  /** Writes the lines appended since the last flush, in one write. */
  async flush(): Promise<void> {
    if (this.#unwritten.length === 0) return;
    if (this.#handle === undefined) throw new Error(`the spooled copy ${this.path} is closed`);
    const lines = Buffer.concat(this.#unwritten);
    this.#unwritten = [];
    // writeFile writes on from the current position until every byte is written (a write may be partial).
    await this.#handle.writeFile(lines);
  }

  async close(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    this.#unwritten = [];
    await handle?.close();
  }
}
