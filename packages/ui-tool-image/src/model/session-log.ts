import { isRecord, tryParseJson, type JsonRecord } from './narrow';

/** Event types this reader knows; any other type is reported as a problem and dropped. */
export const KNOWN_EVENT_TYPES = [
  'tool/call',
  'tool/result',
  'tool/ptc-dispatch-start',
  'tool/ptc-dispatch',
  'tool/code-dispatch-start',
  'tool/code-dispatch',
  'user/message',
  'assistant/message',
  'assistant/chunk',
  'agent/inbox/spliced',
  'request/header',
  'request/context',
  'step/start',
  'step/end',
  'turn/start',
  'turn/end',
  'session/title',
  'fs/observed',
] as const;

export type SessionEventType = (typeof KNOWN_EVENT_TYPES)[number];

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

export interface ParsedSessionLog {
  /** `null` when the log has no valid header line (a problem says why). */
  readonly header: SessionHeader | null;
  readonly events: readonly SessionEvent[];
  readonly problems: readonly LogProblem[];
}

const BYTE_ORDER_MARK = '\uFEFF';
const knownEventTypes: ReadonlySet<string> = new Set(KNOWN_EVENT_TYPES);

function isKnownEventType(type: string): type is SessionEventType {
  return knownEventTypes.has(type);
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

/** Narrows one event line; every defect is reported, and `null` means the line is dropped. */
function readEvent(value: unknown, seq: number, line: number, problems: LogProblem[]): SessionEvent | null {
  if (!isRecord(value)) {
    problems.push({ line, message: 'line is not a JSON object' });
    return null;
  }
  const { type, data, sourceEventSeqs, surfaceOp } = value;
  if (typeof type !== 'string') {
    problems.push({ line, message: 'event has no string "type"' });
    return null;
  }
  if (!isKnownEventType(type)) {
    problems.push({ line, message: `unknown event type ${JSON.stringify(type)}` });
    return null;
  }
  if (!isRecord(data)) {
    problems.push({ line, message: `${type} event has no "data" object` });
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

/**
 * Parses a session log (DESIGN §2). Never throws: every defect becomes a `problems` entry.
 *
 * The first non-blank line is the header slot. Every later non-blank line is an event line and
 * takes the next seq even when it is dropped as a problem, so the seqs of the surviving events
 * stay the ones the writer gave them (and `sourceEventSeqs` still point at the right events).
 * A first line that is a valid event rather than a header is reported and read as event seq 0.
 */
export function parseSessionLog(text: string): ParsedSessionLog {
  const problems: LogProblem[] = [];
  const events: SessionEvent[] = [];
  let header: SessionHeader | null = null;
  let headerSlotSeen = false;
  let crlfReported = false;
  let nextSeq = 0;

  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text;
  if (body !== text) problems.push({ line: 1, message: 'UTF-8 byte order mark (ignored)' });

  const lines = body.split('\n');
  const lastIndex = lines.length - 1;
  for (const [index, rawLine] of lines.entries()) {
    const lineNumber = index + 1;
    const content = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (content !== rawLine && !crlfReported) {
      crlfReported = true;
      problems.push({ line: lineNumber, message: 'CRLF line ending (tolerated; reported once for the whole log)' });
    }
    if (content.trim() === '') continue;

    const parsed = tryParseJson(content);
    if (parsed === null) {
      // Only the last line can be cut short: a log being written always ends lines with '\n'.
      const message = index === lastIndex ? 'truncated last line (log still being written?)' : 'malformed JSON';
      problems.push({ line: lineNumber, message: headerSlotSeen ? message : `${message} where the session header was expected` });
      if (headerSlotSeen) nextSeq += 1;
      headerSlotSeen = true;
      continue;
    }

    if (!headerSlotSeen) {
      headerSlotSeen = true;
      if (isRecord(parsed.value) && parsed.value.type === 'session') {
        header = readHeader(parsed.value);
        if (header === null) {
          problems.push({ line: lineNumber, message: 'invalid session header (needs number version and createdAt, string id and cwd)' });
        }
        continue;
      }
      problems.push({ line: lineNumber, message: 'missing session header' });
    }

    const event = readEvent(parsed.value, nextSeq, lineNumber, problems);
    nextSeq += 1;
    if (event !== null) events.push(event);
  }

  if (!headerSlotSeen) problems.push({ line: 1, message: 'missing session header (empty log)' });
  return { header, events, problems };
}
