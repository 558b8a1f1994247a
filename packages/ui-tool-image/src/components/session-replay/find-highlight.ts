/** The CSS Custom Highlight a find marks its matches with (`::highlight(tc-find-match)` in the stylesheet). */
const HIGHLIGHT_NAME = 'tc-find-match';

interface HighlightRegistry {
  set: (name: string, highlight: unknown) => void;
  delete: (name: string) => void;
}

type HighlightConstructor = new (...ranges: Range[]) => unknown;

function highlightApi(): { readonly registry: HighlightRegistry; readonly Highlight: HighlightConstructor } | null {
  const registry = (globalThis.CSS as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Highlight = (globalThis as { Highlight?: HighlightConstructor }).Highlight;
  return registry === undefined || Highlight === undefined ? null : { registry, Highlight };
}

/**
 * Marks every occurrence of `query` (case-insensitive) in the text of `element` without touching
 * its DOM: React owns those nodes. Where the browser has no Custom Highlight API the current match
 * is still outlined (its item's `data-current-match`). Returns the cleanup.
 */
export function highlightText(element: HTMLElement, query: string): () => void {
  const api = highlightApi();
  const needle = query.toLowerCase();
  if (api === null || needle === '') return () => undefined;
  const ranges: Range[] = [];
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const lower = text.toLowerCase();
    // Lowercasing can change a string's length (a few Unicode letters): offsets would be wrong.
    if (lower.length !== text.length) continue;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
      const range = element.ownerDocument.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      ranges.push(range);
    }
  }
  api.registry.set(HIGHLIGHT_NAME, new api.Highlight(...ranges));
  return () => {
    api.registry.delete(HIGHLIGHT_NAME);
  };
}
