/**
 * The share of changed pixels as a percentage to show with one decimal. A share that would round to
 * 0.0 % or 100.0 % without being either is held at 0.1 % or 99.9 % and marked `approximate`, so
 * "some pixels changed" never reads as none (or as all).
 */
export function changedPercent(changed: number, total: number): { readonly percent: number; readonly bound?: 'below' | 'above' } {
  if (total <= 0 || changed <= 0) return { percent: 0 };
  if (changed >= total) return { percent: 100 };
  const percent = Math.round((changed / total) * 1000) / 10;
  if (percent < 0.1) return { percent: 0.1, bound: 'below' };
  if (percent > 99.9) return { percent: 99.9, bound: 'above' };
  return { percent };
}
