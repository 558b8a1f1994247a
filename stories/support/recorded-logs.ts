import {
  buildToolCalls,
  logUpTo,
  parseSessionLog,
  viewContentBlock,
  type AttachmentRef,
  type ParsedSessionLog,
  type ToolCallNode,
} from '@toolcard/ui-tool-image';
import { DISCOVERED_LOGS } from '../replay/discovered-logs';

/**
 * The logs the real host adapter recorded (and the harness's reference logs), by their replay
 * name: `sessions/<scenario>` or `reference/<name>`. An unknown name throws, so a renamed or
 * removed fixture fails the story that needs it instead of replaying nothing.
 */
export function recordedLogText(name: string): string {
  const text = DISCOVERED_LOGS.get(name);
  if (text === undefined) throw new Error(`No recorded log named ${name}`);
  return text;
}

export function recordedLog(name: string): ParsedSessionLog {
  return parseSessionLog(recordedLogText(name));
}

/** The log as it stood just before `callId`'s result was written: the call is still running. */
export function beforeResultOf(log: ParsedSessionLog, callId: string): ParsedSessionLog {
  const call = log.events.find((event) => event.type === 'tool/call' && event.data.callId === callId);
  const result = call && log.events.find((event) => event.type === 'tool/result' && event.sourceEventSeqs?.includes(call.seq) === true);
  if (result === undefined) throw new Error(`No recorded result for call ${callId}`);
  return logUpTo(log, result.seq - 1);
}

function* allCalls(nodes: readonly ToolCallNode[]): Generator<ToolCallNode> {
  for (const node of nodes) {
    yield node;
    yield* allCalls(node.children);
  }
}

/** Every attachment the log's tool results show as an image, once each, in log order. */
export function imagesIn(log: ParsedSessionLog): AttachmentRef[] {
  const byId = new Map<string, AttachmentRef>();
  for (const call of allCalls(buildToolCalls(log.events).roots)) {
    for (const block of call.result?.content ?? []) {
      const view = viewContentBlock(block);
      if (view.kind === 'image' && !byId.has(view.attachment.attachmentId)) byId.set(view.attachment.attachmentId, view.attachment);
    }
  }
  return [...byId.values()];
}
