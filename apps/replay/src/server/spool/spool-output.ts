import { open, rename, type FileHandle } from 'node:fs/promises';

import { FRAME_MARK, subagentFramePrefix } from '../../../viewer/subagent-frames.ts';

/** Where a spool writes its lines: a copy of its own, or its file's share of a session's copy. */
export interface SpoolLines {
  readonly path: string;
  /** The ids of the images in the copy as it stands (a live view). */
  readonly writtenIds: ReadonlySet<string>;
  /** Appends `content` and a `\n`, the images it refers to now in the copy. */
  appendLine(content: string | Buffer, attachmentIds?: readonly string[]): Promise<void>;
  /** The source was replaced or truncated: what it wrote no longer stands. */
  startOver(): Promise<void>;
  close(): Promise<void>;
}

const FRAME_MARK_BYTE = FRAME_MARK.charCodeAt(0);

/**
 * The spooled copy on disk, written line by line. Starting over puts a new, empty file in its
 * place (opened before the rename, so it is another inode): a LogTail over the path starts a new
 * generation on its next poll however much is written before that poll.
 */
export class SpoolOutput implements SpoolLines {
  readonly path: string;
  readonly #writtenIds = new Set<string>();
  #handle: FileHandle | undefined;
  #starts = 0;

  private constructor(filePath: string) {
    this.path = filePath;
  }

  /** Creates (or empties) the file at `filePath`. */
  static async create(filePath: string): Promise<SpoolOutput> {
    const output = new SpoolOutput(filePath);
    await output.startOver();
    return output;
  }

  get writtenIds(): ReadonlySet<string> {
    return this.#writtenIds;
  }

  /** How many copies were begun: a new count means every line written before is gone. */
  get starts(): number {
    return this.#starts;
  }

  async startOver(): Promise<void> {
    const next = `${this.path}.next`;
    const handle = await open(next, 'w');
    await rename(next, this.path);
    await this.#handle?.close();
    this.#handle = handle;
    this.#starts += 1;
    this.#writtenIds.clear();
  }

  /** A line of the source itself; one starting with the frame mark gets a space first, so it never reads as a subagent's (it is not JSON either way). */
  async appendLine(content: string | Buffer, attachmentIds: readonly string[] = []): Promise<void> {
    const framedLike = typeof content === 'string' ? content.startsWith(FRAME_MARK) : content[0] === FRAME_MARK_BYTE;
    await this.#write(framedLike ? ' ' : '', content, attachmentIds);
  }

  /** A line of the subagent file `file`, framed (see subagent-frames). */
  async appendSubagentLine(file: string, content: string | Buffer, attachmentIds: readonly string[] = []): Promise<void> {
    await this.#write(subagentFramePrefix(file), content, attachmentIds);
  }

  async close(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }

  async #write(prefix: string, content: string | Buffer, attachmentIds: readonly string[]): Promise<void> {
    if (this.#handle === undefined) throw new Error(`the spooled copy ${this.path} is closed`);
    // writeFile writes on from the current position until every byte is written (a write may be partial).
    if (typeof content === 'string') {
      await this.#handle.writeFile(`${prefix}${content}\n`);
    } else {
      if (prefix !== '') await this.#handle.writeFile(prefix);
      await this.#handle.writeFile(content);
      await this.#handle.writeFile('\n');
    }
    for (const id of attachmentIds) this.#writtenIds.add(id);
  }
}

/**
 * A subagent file's share of the session's copy: its lines framed with its name. Its source being
 * replaced does not start the session's copy over: the lines are sent again, and the viewer shows
 * a line it has seen (same `uuid`) once.
 */
export class SubagentSpoolLines implements SpoolLines {
  constructor(
    private readonly session: SpoolOutput,
    private readonly file: string,
  ) {}

  get path(): string {
    return this.session.path;
  }

  get writtenIds(): ReadonlySet<string> {
    return this.session.writtenIds;
  }

  appendLine(content: string | Buffer, attachmentIds?: readonly string[]): Promise<void> {
    return this.session.appendSubagentLine(this.file, content, attachmentIds);
  }

  startOver(): Promise<void> {
    return Promise.resolve();
  }

  /** The session's copy is closed with the session. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
