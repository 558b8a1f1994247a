import { isNonEmptyString, type JsonRecord, isRecord } from '../../narrow';
import type { SessionFacts } from '../agent-log/format-reader';

type MutableFacts = { -readonly [Key in keyof SessionFacts]: SessionFacts[Key] };

/** Claude Code writes this as the model of messages it made itself (an API error, an interruption). */
const SYNTHETIC_MODEL = '<synthetic>';

/**
 * What a transcript says about its session: the first `version`, `sessionId`, `cwd` and assistant
 * `message.model` seen, and the earliest and latest ISO `timestamp` (lines are not always in time
 * order). The facts object is the same until one of them changes.
 */
export class ClaudeSessionFacts {
  private readonly fields: MutableFacts = {};
  private facts: SessionFacts | null = {};

  /** `time`: the record's `timestamp` in epoch milliseconds, where it has a valid one. */
  read(record: JsonRecord, time: number | undefined): void {
    this.first('version', record.version);
    this.first('sessionId', record.sessionId);
    this.first('cwd', record.cwd);
    if (record.type === 'assistant' && isRecord(record.message) && record.message.model !== SYNTHETIC_MODEL) this.first('model', record.message.model);
    if (time === undefined) return;
    const { startedAt, endedAt } = this.fields;
    if (startedAt === undefined || time < startedAt) this.set('startedAt', time);
    if (endedAt === undefined || time > endedAt) this.set('endedAt', time);
  }

  snapshot(): SessionFacts {
    this.facts ??= { ...this.fields };
    return this.facts;
  }

  private first(key: 'version' | 'sessionId' | 'cwd' | 'model', value: unknown): void {
    if (this.fields[key] === undefined && isNonEmptyString(value)) this.set(key, value);
  }

  private set<Key extends keyof MutableFacts>(key: Key, value: NonNullable<MutableFacts[Key]>): void {
    this.fields[key] = value;
    this.facts = null;
  }
}
