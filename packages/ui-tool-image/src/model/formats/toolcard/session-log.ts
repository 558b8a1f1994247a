import { jsonLineProblem, parseJsonLine } from '../../json-line';
import { isRecord, type JsonRecord } from '../../narrow';

/**
 * The event types a replay reads. Every other well-formed event (chunks, requests, steps, hooks,
 * approvals, types a newer harness adds…) is skipped and only counted: it is not a defect.
 */
export const REPLAYED_EVENT_TYPES = [
  'tool/call',
  'tool/result',
  'tool/ptc-dispatch-start',
  'tool/ptc-dispatch',
  'tool/code-dispatch-start',
  'tool/code-dispatch',
  'user/message',
  'assistant/message',
] as const;

export type SessionEventType = (typeof REPLAYED_EVENT_TYPES)[number];

export interface SessionHeader {
  readonly version: number;
  readonly id: string;
  readonly createdAt: number;
  readonly cwd: string;
}

export interface SessionEvent {
  /** 0-based index among the log's event lines (the header is not counted); what `sourceEventSeqs` point at. */
  readonly seq: number;
  /** 1-based line number in the log text. */
  readonly line: number;
  readonly type: SessionEventType;
  readonly data: JsonRecord;
  readonly sourceEventSeqs?: readonly number[];
  readonly surfaceOp?: string;
}

export interface LogProblem {
  /** 1-based line number in the log text. */
  readonly line: number;
  readonly message: string;
}

/** How many well-formed events of one type the replay does not read. */
export interface OtherEventCount {
  readonly type: string;
  readonly count: number;
}

export interface ParsedSessionLog {
  /** `null` when the log has no valid header line (a problem says why). */
  readonly header: SessionHeader | null;
  /** The events of `REPLAYED_EVENT_TYPES`, in log order. */
  readonly events: readonly SessionEvent[];
  /** Real defects only: lines that are not well-formed events, a bad header, a truncated last line. */
  readonly problems: readonly LogProblem[];
  /** Skipped events of every other type, most frequent first. */
  readonly otherEvents: readonly OtherEventCount[];
}

/** Counts per type as a replay lists them: most frequent first, then by type. */
export function otherEventCounts(counts: ReadonlyMap<string, number>): OtherEventCount[] {
  return [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

const BYTE_ORDER_MARK = '\uFEFF';
const replayedEventTypes: ReadonlySet<string> = new Set(REPLAYED_EVENT_TYPES);

function isReplayedEventType(type: string): type is SessionEventType {
  return replayedEventTypes.has(type);
}

function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function readHeader(record: JsonRecord): SessionHeader | null {
  const { version, id, createdAt, cwd } = record;
  if (typeof version !== 'number' || typeof id !== 'string' || typeof createdAt !== 'number' || typeof cwd !== 'string') {
    return null;
  }
  return { version, id, createdAt, cwd };
}

/**
 * Reads a session log as it is appended to (DESIGN §2). Never throws: every defect becomes a
 * problem. `append` reads the complete lines of each chunk and keeps a cut-off last line until
 * its end arrives, so a log still being written is read once, line by line, with no false
 * "truncated" problem; `end` says the text is complete. `parseSessionLog` is append + end.
 *
 * The first non-blank line is the header slot. Every later non-blank line is an event line and
 * takes the next seq even when it is dropped, so the seqs of the kept events stay the ones the
 * writer gave them (and `sourceEventSeqs` still point at the right events). A first line that is
 * a valid event rather than a header is reported and read as event seq 0.
 */
export class SessionLogReader {
  private pendingLine = '';
  private linesRead = 0;
  private header: SessionHeader | null = null;
  private headerSlotSeen = false;
  private crlfReported = false;
  private nextSeq = 0;
  private readonly events: SessionEvent[] = [];
  private readonly problems: LogProblem[] = [];
  private readonly otherCounts = new Map<string, number>();

  /** Reads every line `chunk` completes; an unfinished last line waits for the next chunk. */
  append(chunk: string): void {
    const lines = (this.pendingLine + chunk).split('\n');
    this.pendingLine = lines.pop() ?? '';
    for (const line of lines) this.readLine(line, false);
  }

  /** The text is complete: an unfinished last line is read now (and reported if it is cut short). */
  end(): void {
    const line = this.pendingLine;
    this.pendingLine = '';
    this.readLine(line, true);
  }

  /** `last`: the final line of a complete text, the only one that can be "truncated". */
  private readLine(rawLine: string, last: boolean): void {
    this.linesRead += 1;
    const lineNumber = this.linesRead;
    let content = rawLine;
    if (lineNumber === 1 && content.startsWith(BYTE_ORDER_MARK)) {
      content = content.slice(BYTE_ORDER_MARK.length);
      this.problems.push({ line: 1, message: 'UTF-8 byte order mark (ignored)' });
    }
    if (content.endsWith('\r')) {
      content = content.slice(0, -1);
      if (!this.crlfReported) {
        this.crlfReported = true;
        this.problems.push({ line: lineNumber, message: 'CRLF line ending (tolerated; reported once for the whole log)' });
      }
    }
    if (content.trim() === '') return;

    const parsed = parseJsonLine(content);
    if (!('value' in parsed)) {
      // Only the last line can be cut short: a log being written always ends lines with '\n'.
      const message = last && parsed.problem === 'malformed' ? 'truncated last line (log still being written?)' : jsonLineProblem(parsed.problem);
      this.problems.push({ line: lineNumber, message: this.headerSlotSeen ? message : `${message} where the session header was expected` });
      if (this.headerSlotSeen) this.nextSeq += 1;
      this.headerSlotSeen = true;
      return;
    }

    if (!this.headerSlotSeen) {
      this.headerSlotSeen = true;
      if (isRecord(parsed.value) && parsed.value.type === 'session') {
        this.header = readHeader(parsed.value);
        if (this.header === null) {
          this.problems.push({ line: lineNumber, message: 'invalid session header (needs number version and createdAt, string id and cwd)' });
        }
        return;
      }
      this.problems.push({ line: lineNumber, message: 'missing session header' });
    }

    const event = this.readEvent(parsed.value, this.nextSeq, lineNumber);
    this.nextSeq += 1;
    if (event !== null) this.events.push(event);
  }

  /** What has been read so far. Each call returns new arrays, so a consumer can tell two snapshots apart. */
  snapshot(): ParsedSessionLog {
    const problems = this.headerSlotSeen ? [...this.problems] : [...this.problems, { line: 1, message: 'missing session header (empty log)' }];
    return { header: this.header, events: [...this.events], problems, otherEvents: otherEventCounts(this.otherCounts) };
  }

  /** Narrows one event line; every defect is reported, and `null` means the event is not kept. */
  private readEvent(value: unknown, seq: number, line: number): SessionEvent | null {
    const { problems } = this;
    if (!isRecord(value)) {
      problems.push({ line, message: 'line is not a JSON object' });
      return null;
    }
    const { type, data, sourceEventSeqs, surfaceOp } = value;
    if (typeof type !== 'string' || type === '') {
      problems.push({ line, message: 'event has no string "type"' });
      return null;
    }
    if (type === 'session') {
      problems.push({ line, message: 'second session header (ignored)' });
      return null;
    }
    if (!isRecord(data)) {
      problems.push({ line, message: `${type} event has no "data" object` });
      return null;
    }
    if (!isReplayedEventType(type)) {
      this.otherCounts.set(type, (this.otherCounts.get(type) ?? 0) + 1);
      return null;
    }
    let event: SessionEvent = { seq, line, type, data };
    if (sourceEventSeqs !== undefined) {
      if (Array.isArray(sourceEventSeqs) && sourceEventSeqs.every(isSeq)) {
        event = { ...event, sourceEventSeqs };
      } else {
        problems.push({ line, message: '"sourceEventSeqs" is not a list of event seqs (ignored)' });
      }
    }
    if (surfaceOp !== undefined) {
      if (typeof surfaceOp === 'string') {
        event = { ...event, surfaceOp };
      } else {
        problems.push({ line, message: '"surfaceOp" is not a string (ignored)' });
      }
    }
    return event;
  }
}

/** Parses a whole session log text (contract). Never throws: every defect becomes a `problems` entry. */
export function parseSessionLog(text: string): ParsedSessionLog {
  const reader = new SessionLogReader();
  reader.append(text);
  reader.end();
  return reader.snapshot();
}
