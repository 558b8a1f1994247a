import { AgentLogReader, type AgentLog, type AttachmentRef } from '@toolcard/ui-tool-image/model';

import { SubagentFrameSplitter } from '../../viewer/subagent-frames.ts';

/** What the viewer reads from the text the server sent: the transcript, with its subagent files' lines. */
export function readServedLog(text: string): AgentLog {
  const reader = new AgentLogReader();
  new SubagentFrameSplitter(
    (transcript) => {
      reader.append(transcript);
    },
    (file, line) => {
      reader.appendSubagent(file, line);
    },
  ).push(text);
  reader.end();
  return reader.snapshot();
}

/** Every value in what readAgentLog read (its conversation: messages, calls, results). */
function valuesIn(root: unknown): unknown[] {
  const values: unknown[] = [];
  const pending = [root];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    values.push(value);
    if (typeof value === 'object' && value !== null) pending.push(...(Object.values(value) as unknown[]));
  }
  return values;
}

/** What a viewer reading `text` shows of its images: the stored references, and the placeholders of images not shown. */
export function imagesShown(text: string) {
  const log = readServedLog(text);
  const values = valuesIn(log.conversation);
  const refs = values.filter((value): value is AttachmentRef => typeof value === 'object' && value !== null && 'attachmentId' in value);
  const placeholders = values.filter((value): value is string => typeof value === 'string' && value.startsWith('[image'));
  return { format: log.format, problems: log.problems, refs, ids: new Set(refs.map((ref) => ref.attachmentId)), placeholders };
}
