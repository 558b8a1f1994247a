/** The comparison's modes, in the switcher's order (contract words: their labels). */
export const COMPARISON_MODES = ['side-by-side', 'swipe', 'onion-skin', 'difference'] as const;

export type ImageComparisonMode = (typeof COMPARISON_MODES)[number];

/**
 * The mode a key chooses: arrows move along the switcher (wrapping, as a radio group does), Home /
 * End go to the ends, digits 1–4 pick a mode directly; `undefined` when the key does not.
 */
export function modeForKey(key: string, current: ImageComparisonMode): ImageComparisonMode | undefined {
  const index = COMPARISON_MODES.indexOf(current);
  const count = COMPARISON_MODES.length;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return COMPARISON_MODES[(index + count - 1) % count];
    case 'ArrowRight':
    case 'ArrowDown':
      return COMPARISON_MODES[(index + 1) % count];
    case 'Home':
      return COMPARISON_MODES[0];
    case 'End':
      return COMPARISON_MODES[count - 1];
    default:
      return /^[1-9]$/.test(key) ? COMPARISON_MODES[Number(key) - 1] : undefined;
  }
}
