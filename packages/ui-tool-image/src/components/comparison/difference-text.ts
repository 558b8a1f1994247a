import { formatLabel, type LabelSet, type Locale } from '../../labels';
import { changedPercent, type ImageDifference } from '../../model/image-diff';

/** "12,345 pixels changed (1.9 %)" in the locale's numbers; "< 0.1" for a share that rounds to nothing. */
export function changedPixelsText(changed: number, total: number, labels: LabelSet, locale: Locale): string {
  if (changed === 0) return labels['comparison.noChange'];
  const { percent, bound } = changedPercent(changed, total);
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percent);
  const share = bound === undefined ? value : formatLabel(labels[bound === 'below' ? 'comparison.lessThan' : 'comparison.moreThan'], { value });
  const count = new Intl.NumberFormat(locale).format(changed);
  return formatLabel(labels[changed === 1 ? 'comparison.changedOne' : 'comparison.changedMany'], { count, percent: share });
}

/** "Compared at 1280 × 720; B was 2560 × 1440" when the two sizes differ, else `undefined`. */
export function scaleText(difference: Pick<ImageDifference, 'compared' | 'before' | 'after'>, labels: LabelSet): string | undefined {
  const { compared, before, after } = difference;
  const scaled = [
    { side: labels['comparison.before'], size: before },
    { side: labels['comparison.after'], size: after },
  ].find(({ size }) => size.width !== compared.width || size.height !== compared.height);
  if (scaled === undefined) return undefined;
  return formatLabel(labels['comparison.scaled'], {
    width: compared.width,
    height: compared.height,
    side: scaled.side,
    originalWidth: scaled.size.width,
    originalHeight: scaled.size.height,
  });
}
