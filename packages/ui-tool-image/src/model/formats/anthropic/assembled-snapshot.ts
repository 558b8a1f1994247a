import type { OtherEventCount } from '../toolcard/session-log';
import type { FormatSnapshot, SessionFacts } from '../agent-log/format-reader';
import type { AssembledConversation } from './conversation-assembler';

/** A reader's snapshot from its parts: the previous snapshot itself while none of them changed. */
export function formatSnapshot(
  previous: FormatSnapshot | null,
  conversation: AssembledConversation,
  otherEvents: readonly OtherEventCount[],
  facts: SessionFacts,
): FormatSnapshot {
  if (
    previous?.conversation.items === conversation.items &&
    previous.problems === conversation.problems &&
    previous.otherEvents === otherEvents &&
    previous.facts === facts
  ) {
    return previous;
  }
  return { conversation: { items: conversation.items, problems: conversation.callProblems }, problems: conversation.problems, otherEvents, facts };
}
