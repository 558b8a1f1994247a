import { AgentLogReader } from '@toolcard/ui-tool-image';

import { SubagentFrameSplitter } from './subagent-frames';
import { viewerLogOf, type ViewerLog } from './viewer-log';

/**
 * The viewer's copy of the log (kept in its worker), fed with the bytes the server sends: a streaming UTF-8 decoder (a
 * character split between two chunks is decoded whole) in front of an `AgentLogReader` (any format,
 * told from the content; a line cut off at the end waits for its rest and is not reported), its subagent files' lines
 * (see subagent-frames) given to it as theirs. Bytes of another generation, or not
 * continuing at our offset, mean the file was truncated or replaced: the feed starts over.
 */
export class LogFeed {
  private currentGeneration: number | undefined;
  private currentOffset = 0;
  private decoder = new TextDecoder('utf-8');
  private reader = new AgentLogReader();
  private splitter = this.newSplitter();

  get generation(): number | undefined {
    return this.currentGeneration;
  }

  /** Bytes of the log read so far (the server sends from here). */
  get offset(): number {
    return this.currentOffset;
  }

  /** Announces that the next bytes are `generation`'s from `offset`; true when that starts over. */
  begin(generation: number, offset: number): boolean {
    if (generation === this.currentGeneration && offset === this.currentOffset) return false;
    this.currentGeneration = generation;
    this.currentOffset = offset;
    this.decoder = new TextDecoder('utf-8');
    this.reader = new AgentLogReader();
    this.splitter = this.newSplitter();
    return true;
  }

  push(bytes: Uint8Array): void {
    this.currentOffset += bytes.byteLength;
    const text = this.decoder.decode(bytes, { stream: true });
    if (text !== '') this.splitter.push(text);
  }

  private newSplitter(): SubagentFrameSplitter {
    return new SubagentFrameSplitter(
      (text) => {
        this.reader.append(text);
      },
      (file, line) => {
        this.reader.appendSubagent(file, line);
      },
    );
  }

  snapshot(): ViewerLog {
    return viewerLogOf(this.reader.snapshot());
  }
}
