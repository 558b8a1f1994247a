import { viewContentBlock, type ConversationItem, type ToolCallNode } from '@toolcard/ui-tool-image/model';

/** Longer runs of base64's characters are data (an encoded file, a signature), not words anyone searches for. */
const LONG_BASE64_RUN = /[A-Za-z0-9+/_-]{200,}={0,2}/g;
const TITLE_CHARACTERS = 200;

function callTexts(node: ToolCallNode, into: string[]): void {
  if (node.name !== null) into.push(node.name);
  if (node.argsRaw !== null) into.push(node.argsRaw);
  if (node.status === 'settled') {
    for (const block of node.result.content) {
      const view = viewContentBlock(block);
      if (view.kind === 'text') into.push(view.text);
    }
  }
  for (const child of node.children) callTexts(child, into);
}

function itemTexts(item: ConversationItem): string[] {
  const texts: string[] = [];
  if (item.kind === 'call') callTexts(item.node, texts);
  else for (const part of item.parts) if (part.kind === 'text') texts.push(part.text);
  return texts;
}

// Items are immutable and a growing file's snapshots reuse the unchanged ones: each is lowercased once.
const textOfItem = new WeakMap<ConversationItem, string>();

/** What a search looks in: the messages' text, the calls' names, arguments and results' text, lowercased, without base64. */
export function searchTextOf(items: readonly ConversationItem[]): string {
  return items
    .map((item) => {
      let text = textOfItem.get(item);
      if (text === undefined) {
        text = itemTexts(item).join('\n').replace(LONG_BASE64_RUN, ' ').toLowerCase();
        textOfItem.set(item, text);
      }
      return text;
    })
    .join('\n');
}

/** The first user prompt on one line, at most 200 characters; undefined when the user said nothing in text. */
export function firstPrompt(items: readonly ConversationItem[]): string | undefined {
  for (const item of items) {
    if (item.kind !== 'message' || item.role !== 'user') continue;
    const text = item.parts
      .flatMap((part) => (part.kind === 'text' ? [part.text] : []))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text !== '') return text.length > TITLE_CHARACTERS ? `${text.slice(0, TITLE_CHARACTERS - 1)}…` : text;
  }
  return undefined;
}

/** The distinct names of the calls at every depth, sorted. */
export function toolNames(items: readonly ConversationItem[]): string[] {
  const names = new Set<string>();
  const pending = items.flatMap((item) => (item.kind === 'call' ? [item.node] : []));
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.name !== null) names.add(node.name);
    pending.push(...node.children);
  }
  return [...names].sort();
}
