import { open, rename, type FileHandle } from 'node:fs/promises';

import { FRAME_MARK, subagentFramePrefix } from '../../../viewer/subagent-frames.ts';

/** Where a spool writes its lines: a copy of its own, or its file's share of a session's copy. */
export interface SpoolLines {
  readonly path: string;
  /** The ids of the images in the copy as it stands (a live view): those of lines written by a flush. */
  readonly writtenIds: ReadonlySet<string>;
  /** Adds `content` and a `\n` to what the next flush writes, with the images it refers to. */
  appendLine(content: string | Buffer, attachmentIds?: readonly string[]): void;
  /** Writes what was appended since the last flush; only then are its images in the copy. */
  flush(): Promise<void>;
  /** The source was replaced or truncated: what it wrote no longer stands. */
  startOver(): Promise<void>;
  close(): Promise<void>;
}

const FRAME_MARK_BYTE = FRAME_MARK.charCodeAt(0);
const NEWLINE = Buffer.from('\n');
const SPACE = Buffer.from(' ');

/**
 * The spooled copy on disk, its lines gathered and written when the spool says so (once per chunk
 * of the source, not once per line: every write wakes the tail over the copy, and a wake per line
 * made the server's reads and answers outweigh the spool itself). An image's id counts as in the
 * copy once its line is written. Starting over puts a new, empty file in its place (opened before
 * the rename, so it is another inode): a LogTail over the path starts a new generation on its
 * next poll however much is written before that poll.
 */
export class SpoolOutput implements SpoolLines {
  readonly path: string;
  private readonly writtenIdSet = new Set<string>();
  private handle: FileHandle | undefined;
  private startCount = 0;
  private unwritten: Buffer[] = [];
  private unwrittenIds: string[] = [];

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
    return this.writtenIdSet;
  }

  /** How many copies were begun: a new count means every line written before is gone. */
  get starts(): number {
    return this.startCount;
  }

  /** An empty copy in place of this one; lines not written yet are dropped with it. */
  async startOver(): Promise<void> {
    const next = `${this.path}.next`;
    const handle = await open(next, 'w');
    await rename(next, this.path);
    await this.handle?.close();
    this.handle = handle;
    this.startCount += 1;
    this.writtenIdSet.clear();
    this.unwritten = [];
    this.unwrittenIds = [];
  }

  /** A line of the source itself; one starting with the frame mark gets a space first, so it never reads as a subagent's (it is not JSON either way). */
  appendLine(content: string | Buffer, attachmentIds: readonly string[] = []): void {
    const framedLike = typeof content === 'string' ? content.startsWith(FRAME_MARK) : content[0] === FRAME_MARK_BYTE;
    this.add(framedLike ? SPACE : undefined, content, attachmentIds);
  }

  /** A line of the subagent file `file`, framed (see subagent-frames). */
  appendSubagentLine(file: string, content: string | Buffer, attachmentIds: readonly string[] = []): void {
    this.add(Buffer.from(subagentFramePrefix(file)), content, attachmentIds);
  }

  /** Writes the lines appended since the last flush, in one write. */
  async flush(): Promise<void> {
    if (this.unwritten.length === 0) return;
    if (this.handle === undefined) throw new Error(`the spooled copy ${this.path} is closed`);
    const lines = Buffer.concat(this.unwritten);
    const ids = this.unwrittenIds;
    this.unwritten = [];
    this.unwrittenIds = [];
    // writeFile writes on from the current position until every byte is written (a write may be partial).
    await this.handle.writeFile(lines);
    for (const id of ids) this.writtenIdSet.add(id);
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    this.unwritten = [];
    this.unwrittenIds = [];
    await handle?.close();
  }

  private add(prefix: Buffer | undefined, content: string | Buffer, attachmentIds: readonly string[]): void {
    if (this.handle === undefined) throw new Error(`the spooled copy ${this.path} is closed`);
    if (prefix !== undefined) this.unwritten.push(prefix);
    this.unwritten.push(typeof content === 'string' ? Buffer.from(content) : content, NEWLINE);
    this.unwrittenIds.push(...attachmentIds);
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

  appendLine(content: string | Buffer, attachmentIds?: readonly string[]): void {
    this.session.appendSubagentLine(this.file, content, attachmentIds);
  }

  flush(): Promise<void> {
    return this.session.flush();
  }

  startOver(): Promise<void> {
    return Promise.resolve();
  }

  /** The session's copy is closed with the session. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
