/**
 * The image a navigation key leads to, clamped to the card's images (the ends do not wrap), or
 * `undefined` when the key does not navigate.
 */
export function indexForKey(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

/** What a key does to the zoom: arrows pan only while zoomed (else ←/→ change the image). */
export type ZoomKeyCommand =
  | { readonly kind: 'zoom'; readonly direction: 1 | -1 }
  | { readonly kind: 'fit' }
  | { readonly kind: 'copy' }
  | { readonly kind: 'pan'; readonly x: number; readonly y: number };

const ZOOM_KEYS: Readonly<Record<string, ZoomKeyCommand>> = {
  '+': { kind: 'zoom', direction: 1 },
  // `+` without Shift on most layouts.
  '=': { kind: 'zoom', direction: 1 },
  '-': { kind: 'zoom', direction: -1 },
  '0': { kind: 'fit' },
  c: { kind: 'copy' },
  ArrowLeft: { kind: 'pan', x: -1, y: 0 },
  ArrowRight: { kind: 'pan', x: 1, y: 0 },
  ArrowUp: { kind: 'pan', x: 0, y: -1 },
  ArrowDown: { kind: 'pan', x: 0, y: 1 },
};

export function zoomCommandForKey(key: string): ZoomKeyCommand | undefined {
  return Object.hasOwn(ZOOM_KEYS, key) ? ZOOM_KEYS[key] : undefined;
}
