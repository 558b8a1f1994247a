import { buildToolCalls, type ParsedSessionLog, type SessionEvent, type ToolCallNode } from '@toolcard/ui-tool-image';

type JsonRecord = SessionEvent['data'];

function callIdsOf(nodes: readonly ToolCallNode[]): string[] {
  return nodes.flatMap((node) => [node.callId, ...callIdsOf(node.children)]);
}

function renamed(value: unknown, rename: (text: string) => string): unknown {
  if (typeof value === 'string') return rename(value);
  if (Array.isArray(value)) return value.map((item) => renamed(item, rename));
  return typeof value === 'object' && value !== null ? renamedRecord(value as JsonRecord, rename) : value;
}

function renamedRecord(record: JsonRecord, rename: (text: string) => string): JsonRecord {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, renamed(value, rename)]));
}

/**
 * One longer session made of the log's events `times` over. Copy k > 0 follows copy k - 1: its
 * seqs, lines and `sourceEventSeqs` are shifted past the previous copy, and every string equal to
 * a call id (call heads, results, the assistant's tool-call blocks, parents of nested calls) gets
 * the suffix `~k`, so every row keeps a unique id. Attachment ids stay as recorded: the copies
 * re-read the same images, which the recorded store holds.
 */
export function repeatLog(log: ParsedSessionLog, times: number): ParsedSessionLog {
  const callIds: ReadonlySet<string> = new Set(callIdsOf(buildToolCalls(log.events).roots));
  const seqSpan = Math.max(-1, ...log.events.map((event) => event.seq)) + 1;
  const lineSpan = Math.max(0, ...log.events.map((event) => event.line));
  const events: SessionEvent[] = [];
  for (let copy = 0; copy < times; copy++) {
    const rename = (text: string): string => (copy > 0 && callIds.has(text) ? `${text}~${copy}` : text);
    for (const event of log.events) {
      const { sourceEventSeqs } = event;
      events.push({
        ...event,
        seq: event.seq + copy * seqSpan,
        line: event.line + copy * lineSpan,
        data: renamedRecord(event.data, rename),
        ...(sourceEventSeqs === undefined ? {} : { sourceEventSeqs: sourceEventSeqs.map((seq) => seq + copy * seqSpan) }),
      });
    }
  }
  return { ...log, events };
}
