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
