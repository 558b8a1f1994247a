import { type ConversationItem, type MessagePart, type ToolCallNode } from '../../../src/model';
import { adaptedImageSource } from '../../../src/model/adapted-image-source';

/** A message part in one line: its text, or its images' media types and where their bytes come from. */
export function partSummary(part: MessagePart): string {
  if (part.kind === 'text') return part.text;
  if (part.kind === 'images')
    return `images(${part.images.map(({ attachment }) => `${attachment.mediaType} ${adaptedImageSource(attachment)?.kind ?? 'stored'}`).join(', ')})`;
  return part.kind;
}

/** A conversation item in one line: `role: parts`, or `call <id> <name> <outcome | running>`. */
export function itemSummary(item: ConversationItem): string {
  if (item.kind === 'message') return `${item.role}: ${item.parts.map(partSummary).join(' | ')}`;
  const { node } = item;
  return `call ${node.callId} ${String(node.name)} ${node.status === 'settled' ? node.result.outcome : 'running'}`;
}

export function callNodes(items: readonly ConversationItem[]): ToolCallNode[] {
  return items.flatMap((item) => (item.kind === 'call' ? [item.node] : []));
}

/** The text blocks of a node's result. */
export function resultTexts(node: ToolCallNode): string[] {
  return (node.result?.content ?? []).flatMap((block) => (typeof block === 'object' && block !== null && 'text' in block ? [String(block.text)] : []));
}

/** Every text a conversation shows: message texts and the text blocks of call results. */
export function shownTexts(items: readonly ConversationItem[]): string[] {
  return items.flatMap((item) => (item.kind === 'message' ? item.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])) : resultTexts(item.node)));
}
