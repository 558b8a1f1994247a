import {
  buildToolCalls,
  imageCardModel,
  toolRowModel,
  viewContentBlock,
  type ParsedSessionLog,
  type SessionEvent,
  type ToolCallNode,
} from '@toolcard/ui-tool-image';

/** One row of the floor: plain text; an image row also has its card's text, shown when open. */
export interface FloorRow {
  readonly key: string;
  readonly text: string;
  readonly body?: string;
}

/** What both variants are measured on: the log, its rows as plain text, and which calls show images. */
export interface SessionRows {
  readonly log: ParsedSessionLog;
  readonly floorRows: readonly FloorRow[];
  /** Image-card calls → their attachment ids, in gallery order. */
  readonly imageAttachments: ReadonlyMap<string, readonly string[]>;
  readonly toolCalls: number;
  /** What the find bar searches, per row, lowercased: a call's name, raw arguments and result text (its nested calls' too), a message's text. */
  readonly searchTexts: readonly string[];
}

function flattened(nodes: readonly ToolCallNode[]): ToolCallNode[] {
  return nodes.flatMap((node) => [node, ...flattened(node.children)]);
}

function messageText(event: SessionEvent): string | undefined {
  const { data } = event;
  let content: unknown;
  if (event.type === 'assistant/message')
    content = typeof data.message === 'object' && data.message !== null ? (data.message as { content?: unknown }).content : undefined;
  else if (event.type === 'user/message') content = data.content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((block) => {
    const view = viewContentBlock(block);
    return view.kind === 'text' && view.text.trim() !== '' ? [view.text] : [];
  });
  return texts.length === 0 ? undefined : texts.join('\n');
}

function callSearchText(node: ToolCallNode): string {
  const texts = flattened([node]).flatMap((call) => [
    call.name ?? '',
    call.argsRaw ?? '',
    ...(call.result?.content ?? []).flatMap((block) => {
      const view = viewContentBlock(block);
      return view.kind === 'text' ? [view.text] : [];
    }),
  ]);
  return texts.join('\n').toLowerCase();
}

/**
 * The log's rows in log order, derived with the package's own models (untimed, once per size):
 * a call as its name and path (or raw arguments), a message as its text.
 */
export function sessionRows(log: ParsedSessionLog): SessionRows {
  const { roots } = buildToolCalls(log.events);
  const topLevel: ReadonlySet<ToolCallNode> = new Set(roots);
  const nodes = flattened(roots);
  const nodeByFirstEvent = new Map(nodes.map((node) => [node.firstEventIndex, node]));
  const pathOptions = log.header === null ? {} : { cwd: log.header.cwd };
  const floorRows: FloorRow[] = [];
  const searchTexts: string[] = [];
  const imageAttachments = new Map<string, readonly string[]>();
  for (const [index, event] of log.events.entries()) {
    const node = nodeByFirstEvent.get(index);
    if (node !== undefined) {
      const summary = toolRowModel(node, pathOptions).summary ?? node.argsRaw ?? '';
      const card = imageCardModel(node, pathOptions);
      floorRows.push({
        key: `call:${node.callId}`,
        text: `${node.name ?? '?'} ${summary}`,
        ...(card === null ? {} : { body: `${card.label}\n${card.text}` }),
      });
      if (card !== null)
        imageAttachments.set(
          node.callId,
          card.images.map((image) => image.attachment.attachmentId),
        );
      if (topLevel.has(node)) searchTexts.push(callSearchText(node));
      continue;
    }
    const text = messageText(event);
    if (text !== undefined) {
      floorRows.push({ key: `event:${event.seq}`, text });
      searchTexts.push(text.toLowerCase());
    }
  }
  return { log, floorRows, imageAttachments, toolCalls: nodes.length, searchTexts };
}
