import { isNonEmptyString, isRecord } from '../../narrow';
import type { SessionFacts } from '../agent-log/format-reader';

/** What a Messages API request or response body says about its session: its `model`. A bare messages array says nothing. */
export function anthropicMessagesFacts(document: unknown): SessionFacts {
  return isRecord(document) && isNonEmptyString(document.model) ? { model: document.model, provider: 'anthropic' } : {};
}
