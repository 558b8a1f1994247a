import { open, type FileHandle } from 'node:fs/promises';

import type { AttachmentStore } from '@toolcard/host-read-image';

import { SerialRuns } from '../serial-runs.ts';
import { isWholeJsonContainer, rewriteInlineImages, startsMultiLineDocument } from './inline-image-rewrite.ts';
import { fileChunks } from './file-chunks.ts';
import { InlineImageSaver } from './inline-image-saver.ts';
import { LineSplitter, type SplitLine } from './line-splitter.ts';
import type { PendingImages } from './pending-images.ts';
import { notReplayedLine } from './not-replayed.ts';
import { ReadMark } from './read-mark.ts';
import type { SpoolLines } from './spool-output.ts';

export interface InlineImageSpoolOptions {
  /** The file followed (another agent's transcript, an API array…). */
  readonly sourcePath: string;
  /** The store inline images are moved into. */
  readonly store: AttachmentStore;
  /** Where images wait for the store's validation until the page asks for them (see PendingImages); without it, each is validated as it is read. */
  readonly pending?: PendingImages;
  /** Bytes per read of the source. */
  readonly chunkBytes?: number;
  /** The longest line (and one-document file) rewritten; a longer one is replaced by a `not replayed` line. */
  readonly maxLineBytes?: number;
}

const DEFAULT_CHUNK_BYTES = 1 << 20;
/** Room for a line holding the largest image the store takes (20 MiB, 27 MiB as base64) twice, as Claude Code writes a Read's. */
const DEFAULT_MAX_LINE_BYTES = 64 << 20;

/** How the source holds its JSON, decided by its first line that is not blank. */
type Layout = 'undecided' | 'lines' | 'document';

/** How much of its source a spool has read. */
export interface SpoolProgress {
  readonly read: number;
  readonly size: number;
}

/** The source's identity and size when its whole text was last read as one document. */
interface DocumentVersion {
  readonly size: number;
  readonly mtimeMs: number;
}

/**
 * Follows a session file of another agent as it grows and writes a copy with every inline image
 * moved into the store (see rewriteInlineImages), so the page is sent references, never base64.
 * JSON lines are rewritten one at a time as the file is streamed (each line's images are saved
 * before the next line is read, so memory holds one line, not the file); a half-written last line
 * waits for its end; lines that are not JSON are copied as they are. A file that is one JSON
 * document over many lines is read whole and written as one line. A source that shrinks or is
 * replaced starts the copy over, in a new file.
 */
export class InlineImageSpool {
  private readonly sourcePath: string;
  private readonly output: SpoolLines;
  private readonly saver: InlineImageSaver;
  private readonly chunkBytes: number;
  private readonly maxLineBytes: number;
  private readonly splitter: LineSplitter;
  private readonly polls = new SerialRuns(() => this.pollOnce());
  private readonly stopping = new AbortController();
  private readonly mark = new ReadMark();
  private inode: number | undefined;
  /** Bytes of the source read so far (the splitter holds those of an unfinished line). */
  private readEnd = 0;
  /** The source's size when a poll last looked. */
  private sourceSize = 0;
  private lineNumber = 0;
  private layout: Layout = 'undecided';
  private document: DocumentVersion | undefined;
  /** A poll failed halfway (a write error…). */
  private interrupted = false;

  /** A spool writing to `output` (a copy of its own, or its share of a session's copy). */
  constructor(options: InlineImageSpoolOptions, output: SpoolLines) {
    this.sourcePath = options.sourcePath;
    this.output = output;
    this.saver = new InlineImageSaver(options.store, options.pending);
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.splitter = new LineSplitter(this.maxLineBytes);
  }

  /** Copies what the source holds now; polls never overlap. */
  poll(): Promise<void> {
    return this.polls.request();
  }

  /** How far the copy has read the source: `read` of its `size` bytes when a poll last looked. */
  get progress(): SpoolProgress {
    return { read: this.readEnd, size: Math.max(this.sourceSize, this.readEnd) };
  }

  /** Stops at the line being rewritten (its save is cancelled) and closes the copy. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.polls.settled();
    await this.output.close();
  }

  private async pollOnce(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    let source: FileHandle;
    try {
      source = await open(this.sourcePath, 'r');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') throw cause;
      if (this.inode !== undefined || this.readEnd > 0) await this.startOver(undefined);
      return;
    }
    try {
      const info = await source.stat();
      this.sourceSize = info.size;
      const replaced = info.ino !== this.inode || info.size < this.readEnd || !(await this.mark.holds(source, this.readEnd));
      if (this.interrupted || replaced) await this.startOver(info.ino);
      if (this.layout !== 'document') await this.spoolLines(source, info.size);
      if (this.layout === 'document') await this.spoolDocument(source, { size: info.size, mtimeMs: info.mtimeMs });
      await this.output.flush();
    } catch (error) {
      // Part of a read may be in the copy and part not: the next poll copies the file again.
      this.interrupted = true;
      throw error;
    } finally {
      await source.close();
    }
  }

  private async startOver(inode: number | undefined): Promise<void> {
    // The first file seen is read into the copy as it was created, not into a new one.
    const first = this.inode === undefined && this.readEnd === 0;
    this.inode = inode;
    this.interrupted = false;
    if (first) return;
    this.readEnd = 0;
    this.lineNumber = 0;
    this.layout = 'undecided';
    this.document = undefined;
    this.splitter.clear();
    this.mark.reset();
    await this.output.startOver();
  }

  private async spoolLines(source: FileHandle, size: number): Promise<void> {
    for await (const chunk of fileChunks(source, this.readEnd, size, this.chunkBytes)) {
      for (const line of this.splitter.push(chunk)) {
        await this.spoolLine(line);
        if (this.layout === 'document') return;
      }
      this.readEnd += chunk.length;
      this.mark.advance(chunk);
      await this.output.flush();
    }
    await this.spoolUnterminatedLastLine();
  }

  /** A last line without its `\n` that is a whole JSON object or array was written whole: it waits no longer. */
  private async spoolUnterminatedLastLine(): Promise<void> {
    const pending = this.splitter.pending;
    if (pending === undefined || pending.length === 0 || !isWholeJsonContainer(pending.toString('utf8'))) return;
    this.splitter.clear();
    await this.spoolLine({ kind: 'line', bytes: pending });
  }

  private async spoolLine(line: SplitLine): Promise<void> {
    this.stopping.signal.throwIfAborted();
    this.lineNumber += 1;
    if (line.kind === 'too-long') {
      this.output.appendLine(notReplayedLine(`line ${this.lineNumber} is ${line.byteLength} bytes, over the ${this.maxLineBytes} a line may have`));
      return;
    }
    const text = line.bytes.toString('utf8');
    if (this.layout === 'undecided' && text.trim() !== '') {
      this.layout = startsMultiLineDocument(text) ? 'document' : 'lines';
      if (this.layout === 'document') return;
    }
    const rewritten = await rewriteInlineImages(text, this.saveImage);
    this.output.appendLine(rewritten?.text ?? line.bytes, rewritten?.attachmentIds ?? []);
  }

  /** The whole source as one JSON document, written as one line; again each time the file changes. */
  private async spoolDocument(source: FileHandle, version: DocumentVersion): Promise<void> {
    if (this.document?.size === version.size && this.document.mtimeMs === version.mtimeMs) return;
    this.document = version;
    this.readEnd = version.size;
    this.splitter.clear();
    this.mark.reset();
    await this.output.startOver();
    if (version.size > this.maxLineBytes) {
      this.output.appendLine(notReplayedLine(`the file is one JSON document of ${version.size} bytes, over the ${this.maxLineBytes} it may have`));
      return;
    }
    const { buffer, bytesRead } = await source.read(Buffer.alloc(version.size), 0, version.size, 0);
    const text = buffer.toString('utf8', 0, bytesRead);
    const rewritten = await rewriteInlineImages(text, this.saveImage);
    if (rewritten === undefined) {
      this.output.appendLine(notReplayedLine('the file starts like one JSON document over many lines but does not parse (yet)'));
      return;
    }
    // Outside its strings (which cannot hold a raw line break) JSON's line breaks are whitespace.
    this.output.appendLine(rewritten.text ?? text.replace(/[\r\n]+/g, ' '), rewritten.attachmentIds);
  }

  private readonly saveImage = (base64: string) => this.saver.save(base64, this.stopping.signal);
}
