import { open, rename, type FileHandle } from 'node:fs/promises';

/**
 * The spooled copy on disk, written line by line. Starting over puts a new, empty file in its
 * place (opened before the rename, so it is another inode): a LogTail over the path starts a new
 * generation on its next poll however much is written before that poll.
 */
export class SpoolOutput {
  readonly path: string;
  #handle: FileHandle | undefined;

  private constructor(filePath: string) {
    this.path = filePath;
  }

  /** Creates (or empties) the file at `filePath`. */
  static async create(filePath: string): Promise<SpoolOutput> {
    const output = new SpoolOutput(filePath);
    await output.startOver();
    return output;
  }

  async startOver(): Promise<void> {
    const next = `${this.path}.next`;
    const handle = await open(next, 'w');
    await rename(next, this.path);
    await this.#handle?.close();
    this.#handle = handle;
  }

  /** Appends `content` and a `\n`. */
  async appendLine(content: string | Buffer): Promise<void> {
    if (this.#handle === undefined) throw new Error(`the spooled copy ${this.path} is closed`);
    // writeFile writes on from the current position until every byte is written (a write may be partial).
    if (typeof content === 'string') {
      await this.#handle.writeFile(`${content}\n`);
    } else {
      await this.#handle.writeFile(content);
      await this.#handle.writeFile('\n');
    }
  }

  async close(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }
}
