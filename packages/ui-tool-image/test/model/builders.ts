import { buildToolCalls, type ToolCallNode } from '../../src/model';

export const CWD = '/home/qa/project';
export const HOME = '/home/qa';

export const UNNAMED_RED_PNG_REF = {
  attachmentId: 'sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640',
  mediaType: 'image/png',
  bytes: 69,
  width: 1,
  height: 1,
} as const;

/** The reference the real host recorded in reference-logs/read-image. */
export const RED_PNG_REF = { ...UNNAMED_RED_PNG_REF, name: 'red.png' } as const;

export function envelopeText(path = `${CWD}/red.png`, facts = 'image/png image, 1x1 px, 69 bytes'): string {
  return [`<path>${path}</path>`, '<type>image</type>', '<content>', facts, '</content>'].join('\n');
}

export const IMAGE_CONTENT: readonly unknown[] = [
  { type: 'text', text: envelopeText() },
  { type: 'image', attachment: RED_PNG_REF },
];

export function headerLine(cwd = CWD): string {
  return JSON.stringify({ type: 'session', version: 0, id: 'session-1', createdAt: 1783951000000, cwd });
}

export function toolCallEvent(callId: string, name: string, args: string): Record<string, unknown> {
  return { type: 'tool/call', data: { turn: 1, step: 1, callId, name, arguments: args } };
}

export function toolResultEvent(
  callId: string,
  content: readonly unknown[],
  extra: { isError?: boolean; error?: unknown; meta?: unknown } = {},
): Record<string, unknown> {
  const { isError = false, ...rest } = extra;
  return {
    type: 'tool/result',
    data: {
      turn: 1,
      step: 1,
      message: {
        source: { kind: 'tool', callId },
        content: [{ type: 'tool-result', toolCallId: callId, content, isError }],
        role: 'user',
      },
      ...rest,
    },
  };
}

export function dispatchEvents(
  spelling: 'ptc' | 'code',
  ids: { rootCallId: string; parentCallId: string; subCallId: string },
  name: string,
  args: Record<string, unknown>,
  content: readonly unknown[],
  isError = false,
): [Record<string, unknown>, Record<string, unknown>] {
  const start = { ...ids, name, arguments: args };
  return [
    { type: `tool/${spelling}-dispatch-start`, data: start },
    { type: `tool/${spelling}-dispatch`, data: { ...start, isError, content } },
  ];
}

export function logText(events: readonly unknown[], header = headerLine()): string {
  return [header, ...events.map((event) => JSON.stringify(event))].join('\n') + '\n';
}

/** The single top-level node the events produce (fails the test otherwise). */
export function onlyRoot(events: readonly unknown[]): ToolCallNode {
  const { roots } = buildToolCalls(events);
  const [root, ...rest] = roots;
  if (root === undefined || rest.length > 0) throw new Error(`expected exactly one root, got ${roots.length}`);
  return root;
}

/** A settled top-level read_image call with meta: the valid baseline every decline test breaks. */
export function validReadImageNode(): ToolCallNode {
  return onlyRoot([
    toolCallEvent('call-1', 'read_image', JSON.stringify({ file_path: 'red.png' })),
    toolResultEvent('call-1', IMAGE_CONTENT, { meta: { path: `${CWD}/red.png` } }),
  ]);
}

/** Every node of a tree, depth-first, without recursion. */
export function allNodes(roots: readonly ToolCallNode[]): ToolCallNode[] {
  const out: ToolCallNode[] = [];
  const stack = [...roots].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    out.push(node);
    stack.push(...[...node.children].reverse());
  }
  return out;
}
