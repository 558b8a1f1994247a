import { randomUUID } from 'node:crypto';

import { checkOption, NON_EMPTY_STRING, optional, OPTIONS_OBJECT, withMethods } from '../options/check-option.ts';
import type { LogEvent } from './events.ts';
import type { LogSink } from './sinks.ts';

export interface Clock {
  now(): number;
}

export interface IdSource {
  nextId(): string;
}

export interface SessionLogOptions {
  readonly sink: LogSink;
  readonly cwd: string;
  /** Defaults to the session id drawn from `ids`. */
  readonly sessionId?: string;
  /** Defaults to `Date.now`. */
  readonly clock?: Clock;
  /** Message ids and the default session id; defaults to random UUIDs. */
  readonly ids?: IdSource;
}

const LOG_SINK = withMethods<LogSink>('a LogSink (an append method)', ['append']);
const CLOCK = withMethods<Clock>('a Clock (a now method)', ['now']);
const ID_SOURCE = withMethods<IdSource>('an IdSource (a nextId method)', ['nextId']);

/** Checks a session log's options for `owner` (SessionLogWriter.open, SessionRecorder.open) before its header is written. */
export function checkSessionLogOptions(owner: string, options: SessionLogOptions): SessionLogOptions {
  checkOption(owner, 'options', options, OPTIONS_OBJECT);
  checkOption(owner, 'sink', options.sink, LOG_SINK);
  checkOption(owner, 'cwd', options.cwd, NON_EMPTY_STRING);
  checkOption(owner, 'sessionId', options.sessionId, optional(NON_EMPTY_STRING));
  checkOption(owner, 'clock', options.clock, optional(CLOCK));
  checkOption(owner, 'ids', options.ids, optional(ID_SOURCE));
  return options;
}

const SYSTEM_CLOCK: Clock = { now: () => Date.now() };
const RANDOM_IDS: IdSource = { nextId: () => randomUUID() };

/**
 * Writes the header and then event lines, one at a time and in call order, numbering each
 * event with its seq. Once a sink write fails, every later append rejects with that error:
 * a line missing from the middle would make the following seqs lie.
 */
export class SessionLogWriter {
  readonly sessionId: string;
  private readonly sink: LogSink;
  private readonly ids: IdSource;
  private nextSeq = 0;
  private written: Promise<void> = Promise.resolve();

  private constructor(sink: LogSink, ids: IdSource, sessionId: string) {
    this.sink = sink;
    this.ids = ids;
    this.sessionId = sessionId;
  }

  /** Appends the header line (`{"type":"session","version":0,…}`) and returns the writer. */
  static async open(options: SessionLogOptions): Promise<SessionLogWriter> {
    checkSessionLogOptions('SessionLogWriter.open', options);
    const ids = options.ids ?? RANDOM_IDS;
    const sessionId = options.sessionId ?? ids.nextId();
    const createdAt = (options.clock ?? SYSTEM_CLOCK).now();
    const header = { type: 'session', version: 0, id: sessionId, createdAt, cwd: options.cwd };
    await options.sink.append(JSON.stringify(header));
    return new SessionLogWriter(options.sink, ids, sessionId);
  }

  newId(): string {
    return this.ids.nextId();
  }

  /** Resolves to the event's seq once its line is in the sink. */
  append(event: LogEvent): Promise<number> {
    const seq = this.nextSeq++;
    const line = JSON.stringify(event);
    this.written = this.written.then(() => this.sink.append(line));
    return this.written.then(() => seq);
  }
}
