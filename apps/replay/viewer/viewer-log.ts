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

/**
 * The events the replay shows: our own log's events a step control steps through, another
 * format's conversation items. (The ones it skips are counted apart, in "Other events not shown".)
 */
export function eventsRead(log: ViewerLog): number {
  return isConversationLog(log) ? log.conversation.items.length : log.events.length;
}
