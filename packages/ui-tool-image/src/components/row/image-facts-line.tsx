import type { ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { AttachmentRef } from '../../model';
import { adaptedImageSource } from '../../model/adapted-image-source';
import { imageFacts } from '../../model/card/image-facts';
import { formatByteSize } from '../lightbox/byte-size';

/**
 * One line of facts about a stored image — format · stored size ← original size · bytes — and,
 * when the store downscaled it, how to find a point in the original, in words. A linked image
 * (another format's link, resolved by the app) has no line: its size was never known.
 */
export function ImageFactsLine({ attachment }: { readonly attachment: AttachmentRef }): ReactNode {
  const labels = useLabels();
  if (adaptedImageSource(attachment)?.kind === 'link') return null;
  const { format, width, height, bytes, original, scale } = imageFacts(attachment);
  const stored = formatLabel(labels['card.dimensions'], { width, height });
  const size =
    original === undefined
      ? stored
      : formatLabel(labels['card.downscaledSize'], {
          stored,
          original: formatLabel(labels['card.dimensions'], { width: original.width, height: original.height }),
        });
  const advice =
    original === undefined || scale === undefined
      ? null
      : scale.uniform
        ? formatLabel(labels['card.downscaled'], { width: original.width, height: original.height, factor: scale.factor })
        : formatLabel(labels['card.downscaledXY'], { width: original.width, height: original.height, x: scale.x, y: scale.y });
  return (
    <div className="tc-card__facts">
      <p className="tc-card__facts-line">{[format, size, formatByteSize(bytes, labels)].join(labels['card.factSeparator'])}</p>
      {advice === null ? null : <p className="tc-card__advice">{advice}</p>}
    </div>
  );
}
