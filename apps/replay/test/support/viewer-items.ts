import { AgentLogReader, type AgentLog, type ConversationItem } from '@toolcard/ui-tool-image/model';

import { SubagentFrameSplitter } from '../../viewer/subagent-frames.ts';

/** What the viewer reads from a served log's text: its subagent frames given to the reader as theirs, as the viewer's LogFeed does. */
export function viewerRead(text: string): AgentLog {
  const reader = new AgentLogReader();
  new SubagentFrameSplitter(
    (chunk) => {
      reader.append(chunk);
    },
    (file, line) => {
      reader.appendSubagent(file, line);
    },
  ).push(text);
  reader.end();
  return reader.snapshot();
}

/** The items the viewer reads from a served log's text. */
export function viewerItems(text: string): readonly ConversationItem[] {
  return viewerRead(text).conversation.items;
}
