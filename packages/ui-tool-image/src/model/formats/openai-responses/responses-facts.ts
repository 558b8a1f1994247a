import { isNonEmptyString, isRecord } from '../../narrow';
import type { SessionFacts } from '../agent-log/format-reader';

/**
 * What a Responses API object says about its session: its `model`, and `created_at` (Unix
 * seconds) as the start. A bare items array says nothing.
 */
export function responsesFacts(document: unknown): SessionFacts {
  if (!isRecord(document)) return {};
  const { model, created_at: createdAt } = document;
  return {
    ...(isNonEmptyString(model) ? { model, provider: 'openai' } : {}),
    ...(typeof createdAt === 'number' && Number.isFinite(createdAt) && createdAt > 0 ? { startedAt: createdAt * 1000 } : {}),
  };
}
