import type { AgentLog, ParsedSessionLog } from '@toolcard/ui-tool-image';

/**
 * What the viewer shows: our own log as its events (the step control pins it to an event), or
 * another agent's file as the conversation read from it.
 */
export type ViewerLog = ParsedSessionLog | AgentLog;

export function isConversationLog(log: ViewerLog): log is AgentLog {
  return 'conversation' in log;
}

/** `readAgentLog`'s result as the viewer holds it: our own log by its events, any other by its conversation. */
export function viewerLogOf(log: AgentLog): ViewerLog {
  return log.session ?? log;
}

/** Entries the file holds, the ones a replay skips included. */
export function entriesRead(log: ViewerLog): number {
  const shown = isConversationLog(log) ? log.conversation.items.length : log.events.length;
  return shown + log.otherEvents.reduce((sum, { count }) => sum + count, 0);
}
