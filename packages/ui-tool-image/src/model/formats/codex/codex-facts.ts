import type { SessionFacts } from '../agent-log/format-reader';
import { recordTime } from '../agent-log/record-time';
import { isNonEmptyString, type JsonRecord } from '../../narrow';

type NamedFact = 'version' | 'sessionId' | 'cwd' | 'model' | 'provider';

/**
 * What a rollout says about its session. The first value of each fact wins: a forked file's own
 * `session_meta` comes before its parent's, and the model is the one the session started with.
 * Times are the first and last line timestamps.
 */
export class CodexFacts {
  private readonly facts: { -readonly [Fact in keyof SessionFacts]: SessionFacts[Fact] } = {};
  private shown: SessionFacts = {};
  private changed = false;

  /** The `session_meta` payload. */
  readSessionMeta(meta: JsonRecord): void {
    this.first('sessionId', [meta.id, meta.session_id].find(isNonEmptyString));
    this.first('version', meta.cli_version);
    this.first('cwd', meta.cwd);
    this.first('provider', meta.model_provider);
    this.first('model', meta.model);
  }

  /** The `turn_context` payload. */
  readTurnContext(context: JsonRecord): void {
    this.first('cwd', context.cwd);
    this.first('model', context.model);
  }

  /** A header with no envelope (see `isCodexSessionHeader`). */
  readSessionHeader(header: JsonRecord): void {
    this.first('sessionId', header.id);
    this.readTime(recordTime(header.timestamp));
  }

  /** A line's time in epoch milliseconds, if it has one. */
  readTime(at: number | undefined): void {
    if (at === undefined) return;
    this.facts.startedAt ??= at;
    if (this.facts.endedAt !== at) {
      this.facts.endedAt = at;
      this.changed = true;
    }
  }

  /** The facts so far: the same object until one changes. */
  current(): SessionFacts {
    if (this.changed) {
      this.shown = { ...this.facts };
      this.changed = false;
    }
    return this.shown;
  }

  private first(fact: NamedFact, value: unknown): void {
    if (this.facts[fact] !== undefined || !isNonEmptyString(value)) return;
    this.facts[fact] = value;
    this.changed = true;
  }
}
