import { isNonEmptyString, isRecord } from '../../narrow';
import type { SessionFacts } from '../agent-log/format-reader';
import type { ParsedSessionLog } from './session-log';

/**
 * What our own log says about its session: the header's version, id, working directory and
 * `createdAt`, and the provider and model of the first assistant message (its `source`). Events
 * carry no times, so there is no end.
 */
export function toolcardFacts(log: ParsedSessionLog): SessionFacts {
  const { header } = log;
  const facts: { -readonly [Fact in keyof SessionFacts]: SessionFacts[Fact] } =
    header === null ? {} : { version: String(header.version), sessionId: header.id, cwd: header.cwd, startedAt: header.createdAt };
  for (const event of log.events) {
    if (event.type !== 'assistant/message') continue;
    const { message } = event.data;
    const source = isRecord(message) ? message.source : undefined;
    if (!isRecord(source) || !isNonEmptyString(source.model)) continue;
    facts.model = source.model;
    if (isNonEmptyString(source.provider)) facts.provider = source.provider;
    break;
  }
  return facts;
}
