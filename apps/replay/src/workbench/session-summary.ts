import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

import { AgentLogReader, conversationCounts, sessionFactsOf, type AgentLog } from '@toolcard/ui-tool-image/model';

import { fileChunks } from '../server/spool/file-chunks.ts';
import { isWholeJsonContainer, startsMultiLineDocument } from '../server/spool/inline-image-rewrite.ts';
import { LineSplitter, type SplitLine } from '../server/spool/line-splitter.ts';
import { notReplayedLine } from '../server/spool/not-replayed.ts';
import { ReadMark } from '../server/spool/read-mark.ts';
import { SubagentFiles } from '../server/spool/subagent-files.ts';
import { firstPrompt, searchTextOf, toolNames } from './conversation-text.ts';
import { markedLines, withImageMarkers } from './image-markers.ts';
import type { SessionRow } from '../../wire/workbench.ts';

/** What the index shows of one session file: the SessionRow fields its content decides. */
export type SessionSummary = Pick<
  SessionRow,
  'format' | 'title' | 'startedAt' | 'durationMs' | 'calls' | 'imageCalls' | 'images' | 'failedCalls' | 'problems' | 'tools'
>;

/** A summary and the text a search looks in (lowercased). */
export interface SummarisedSession {
  readonly summary: SessionSummary;
  readonly searchText: string;
}

export interface SessionReadingOptions {
  /** Told every read's byte count (what the benchmark and the tests count). */
  readonly onBytes?: ((bytes: number) => void) | undefined;
  readonly chunkBytes?: number;
  /** The longest line (and one-document file) read; a longer one is a problem, its bytes dropped as they come. */
  readonly maxLineBytes?: number;
}

const DEFAULT_CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;
/** The spool's cap: room for a line holding the largest image the store takes twice. */
const DEFAULT_MAX_LINE_BYTES = 64 << 20;

/** A file's size and modification time: what a summary is of. */
export interface FileVersion {
  readonly size: number;
  readonly mtimeMs: number;
}

/** A subagent file's lines read so far. */
interface SubagentRead {
  readonly splitter: LineSplitter;
  readEnd: number;
}

/**
 * One session file read in a streaming pass by the model's own `AgentLogReader`, a line at a time
 * with its inline images replaced by markers (see withImageMarkers), so memory holds the
 * conversation's text, never the file or its base64. Kept, it resumes: `readMore` reads only what
 * the file gained since. A Claude Code transcript's subagent files are read with it, their calls
 * nested under the call that started them.
 */
export class SessionReading {
  readonly filePath: string;
  private readonly onBytes: (bytes: number) => void;
  private readonly chunkBytes: number;
  private readonly maxLineBytes: number;
  private readonly reader = new AgentLogReader();
  private readonly splitter: LineSplitter;
  private readonly mark = new ReadMark();
  private readonly subagentFiles: SubagentFiles;
  private readonly subagents = new Map<string, SubagentRead>();
  private layout: 'undecided' | 'lines' | 'document' = 'undecided';
  private inode: number | undefined;
  private readEnd = 0;

  constructor(filePath: string, options: SessionReadingOptions = {}) {
    this.filePath = filePath;
    this.onBytes = options.onBytes ?? (() => undefined);
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.splitter = new LineSplitter(this.maxLineBytes);
    this.subagentFiles = new SubagentFiles(filePath);
  }

  /** Bytes of the file read so far. */
  get bytesRead(): number {
    return this.readEnd;
  }

  /**
   * Reads what the file holds beyond what was read: the version of the file read up to, or
   * undefined when this reading cannot go on (the file was replaced, shrank, is one JSON document
   * that changed, or a subagent file shrank): read it again with a new one.
   */
  async readMore(): Promise<FileVersion | undefined> {
    const file = await open(this.filePath, 'r');
    let version: FileVersion;
    try {
      const info = await file.stat();
      const first = this.inode === undefined;
      if (!first && (info.ino !== this.inode || info.size < this.readEnd || this.layout === 'document' || !(await this.holdsMark(file)))) return undefined;
      this.inode = info.ino;
      await this.readLines(file, info.size);
      if (this.layout === 'document') await this.readDocument(file, info.size);
      version = { size: info.size, mtimeMs: info.mtimeMs };
    } finally {
      await file.close();
    }
    if (this.reader.snapshot().format === 'claude-code' && !(await this.readSubagents())) return undefined;
    return version;
  }

  /** The summary and search text of what has been read; `fileName` is the title when the user said nothing. */
  summarised(fileName: string): SummarisedSession {
    return summarisedLog(this.reader.snapshot(), fileName);
  }

  private async holdsMark(file: FileHandle): Promise<boolean> {
    const holds = await this.mark.holds(file, this.readEnd);
    this.onBytes(Math.min(this.readEnd, 64));
    return holds;
  }

  private async readLines(file: FileHandle, size: number): Promise<void> {
    for await (const chunk of fileChunks(file, this.readEnd, size, this.chunkBytes)) {
      this.onBytes(chunk.length);
      for (const lines of this.linesOf(this.splitter, chunk)) {
        if (!(await this.readLineBytes(lines))) return;
      }
      this.readEnd += chunk.length;
      this.mark.advance(chunk);
    }
    // A last line written without its `\n` that is whole JSON waits no longer (the spool reads it the same way).
    const pending = this.splitter.pending;
    if (pending !== undefined && pending.length > 0 && isWholeJsonContainer(pending.toString('utf8'))) {
      this.splitter.clear();
      this.reader.append(`${await withImageMarkers(pending.toString('utf8'))}\n`);
    }
  }

  /**
   * The complete lines `chunk` ends, as bytes: the ones the chunk holds whole as one run (given to
   * the reader at once: a line at a time cost more than the model's parse of our own log's short
   * lines), the one it completes, or any over the cap, one at a time.
   */
  private *linesOf(splitter: LineSplitter, chunk: Buffer): Generator<Buffer> {
    const first = chunk.indexOf(NEWLINE);
    const last = chunk.lastIndexOf(NEWLINE);
    // A run no longer than the cap holds no line over it.
    if (first === last || last - first - 1 > this.maxLineBytes) {
      for (const line of splitter.push(chunk)) yield this.lineBytes(line);
      return;
    }
    for (const line of splitter.push(chunk.subarray(0, first + 1))) yield this.lineBytes(line);
    yield chunk.subarray(first + 1, last + 1);
    splitter.push(chunk.subarray(last + 1));
  }

  /** Complete lines of the log given to the reader, their images replaced; false once the first line shows one multi-line document. */
  private async readLineBytes(bytes: Buffer): Promise<boolean> {
    let rest = bytes;
    while (this.layout === 'undecided' && rest.length > 0) {
      const newline = rest.indexOf(NEWLINE);
      const end = newline === -1 ? rest.length : newline;
      const line = rest.toString('utf8', 0, end);
      rest = rest.subarray(end + 1);
      if (line.trim() !== '') {
        this.layout = startsMultiLineDocument(line) ? 'document' : 'lines';
        if (this.layout === 'document') return false;
      }
      this.reader.append(`${await withImageMarkers(line)}\n`);
    }
    if (rest.length > 0) for (const piece of await markedLines(rest)) this.reader.append(piece);
    return true;
  }

  private lineBytes(line: SplitLine): Buffer {
    return line.kind === 'line'
      ? line.bytes
      : Buffer.from(notReplayedLine(`a line of ${String(line.byteLength)} bytes, over the ${String(this.maxLineBytes)} a line may have`));
  }

  /** One JSON value over many lines: read whole (its images replaced), once. */
  private async readDocument(file: FileHandle, size: number): Promise<void> {
    this.readEnd = size;
    if (size > this.maxLineBytes) {
      this.reader.append(notReplayedLine(`the file is one JSON document of ${String(size)} bytes, over the ${String(this.maxLineBytes)} it may have`));
      return;
    }
    const { buffer, bytesRead } = await file.read(Buffer.alloc(size), 0, size, 0);
    this.onBytes(bytesRead);
    this.reader.append(await withImageMarkers(buffer.toString('utf8', 0, bytesRead)));
    this.reader.end();
  }

  private async readSubagents(): Promise<boolean> {
    for (const { path: subagentPath, name } of await this.subagentFiles.list()) {
      let read = this.subagents.get(name);
      if (read === undefined) {
        read = { splitter: new LineSplitter(this.maxLineBytes), readEnd: 0 };
        this.subagents.set(name, read);
      }
      let file: FileHandle;
      try {
        file = await open(subagentPath, 'r');
      } catch {
        continue;
      }
      try {
        const { size } = await file.stat();
        if (size < read.readEnd) return false;
        for await (const chunk of fileChunks(file, read.readEnd, size, this.chunkBytes)) {
          this.onBytes(chunk.length);
          for (const lines of this.linesOf(read.splitter, chunk)) for (const piece of await markedLines(lines)) this.reader.appendSubagent(name, piece);
          read.readEnd += chunk.length;
        }
      } finally {
        await file.close();
      }
    }
    return true;
  }
}

/** The summary and search text of a log as the model's reader gives it; `fileName` is the title when the user said nothing. */
export function summarisedLog(log: AgentLog, fileName: string): SummarisedSession {
  const facts = sessionFactsOf(log);
  const { items } = log.conversation;
  const counts = conversationCounts(items);
  const startedAt = facts.startedAt ?? null;
  return {
    summary: {
      format: log.format,
      title: firstPrompt(items) ?? path.basename(fileName),
      startedAt,
      durationMs: startedAt !== null && facts.endedAt !== undefined ? facts.endedAt - startedAt : null,
      calls: counts.calls,
      imageCalls: counts.imageCalls,
      images: counts.images,
      failedCalls: counts.failures,
      problems: log.problems.length,
      tools: toolNames(items),
    },
    searchText: searchTextOf(items),
  };
}
