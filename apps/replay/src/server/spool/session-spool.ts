import { watchFile, type WatchOptions } from '../file-watch.ts';
import { SerialRuns } from '../serial-runs.ts';
import { InlineImageSpool, type InlineImageSpoolOptions, type SpoolProgress } from './inline-image-spool.ts';
import { SpoolOutput, SubagentSpoolLines } from './spool-output.ts';
import { SubagentFiles } from './subagent-files.ts';

/** The transcript's spool options (its source, store, pending images, chunk and line sizes), and where the copy is written. */
export interface SessionSpoolOptions extends InlineImageSpoolOptions {
  /** Where the copy is written (the file the replay server serves). */
  readonly outputPath: string;
}

/**
 * Another agent's session as one spooled copy: the transcript's lines (an InlineImageSpool) and,
 * framed among them (see subagent-frames), those of its Claude Code subagent files (one
 * InlineImageSpool each; the files are looked for again on every poll, so one that appears later
 * is followed too). One poll at a time over all of them, so their lines never interleave. A
 * subagent file that cannot be read is skipped, not the session's error. When the transcript's
 * copy starts over, the subagent files are copied into the new one from their start.
 */
export class SessionSpool {
  private readonly sourcePath: string;
  /** What each file's spool is made with (a subagent file's with its own path). */
  private readonly fileOptions: InlineImageSpoolOptions;
  private readonly output: SpoolOutput;
  private readonly transcript: InlineImageSpool;
  private readonly subagentFiles: SubagentFiles;
  private readonly polls = new SerialRuns(() => this.pollOnce());
  /** By file name. */
  private subagents = new Map<string, InlineImageSpool>();
  /** The copy the subagent spools write into (its `starts`). */
  private subagentsCopy: number;
  private closed = false;

  private constructor(options: SessionSpoolOptions, output: SpoolOutput) {
    this.sourcePath = options.sourcePath;
    this.fileOptions = options;
    this.output = output;
    this.transcript = new InlineImageSpool(options, output);
    this.subagentFiles = new SubagentFiles(options.sourcePath);
    this.subagentsCopy = output.starts;
  }

  /** A spool whose copy exists (empty) from the start; nothing is read before the first poll. */
  static async open(options: SessionSpoolOptions): Promise<SessionSpool> {
    return new SessionSpool(options, await SpoolOutput.create(options.outputPath));
  }

  get outputPath(): string {
    return this.output.path;
  }

  /** The ids of the images in the copy as it stands (a live view: the attachment route serves these only). */
  get writtenIds(): ReadonlySet<string> {
    return this.output.writtenIds;
  }

  /** How far the transcript has been read (its subagent files are small beside it). */
  get progress(): SpoolProgress {
    return this.transcript.progress;
  }

  /** Copies what the transcript and its subagent files hold now; polls never overlap. */
  poll(): Promise<void> {
    return this.polls.request();
  }

  /** Polls on every fs.watch event for the transcript and every `intervalMs` (which finds the subagent files' changes); returns the stop function. */
  watch(options: WatchOptions = {}): () => void {
    return watchFile(this.sourcePath, () => this.poll(), options);
  }

  /** Stops at the lines being rewritten and closes the copy. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subagents.values()].map((spool) => spool.close()));
    await this.transcript.close();
    await this.polls.settled();
  }

  private async pollOnce(): Promise<void> {
    await this.transcript.poll();
    if (this.closed) return;
    if (this.output.starts !== this.subagentsCopy) {
      const old = [...this.subagents.values()];
      this.subagents = new Map();
      this.subagentsCopy = this.output.starts;
      await Promise.all(old.map((spool) => spool.close()));
    }
    for (const file of await this.subagentFiles.list()) {
      let spool = this.subagents.get(file.name);
      if (spool === undefined) {
        spool = new InlineImageSpool({ ...this.fileOptions, sourcePath: file.path }, new SubagentSpoolLines(this.output, file.name));
        this.subagents.set(file.name, spool);
      }
      // Unreadable for now (or a write failed): the next poll copies it from where it can.
      await spool.poll().catch(() => undefined);
    }
  }
}
