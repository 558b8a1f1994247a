import type { ReactNode } from 'react';
import { formatLabel, useLabels } from '../../labels';
import type { AttachmentRef } from '../../model';
import { downscaledFrom } from '../../model/card/image-facts';
import { adaptedImageSource } from '../../model/adapted-image-source';
import { formatByteSize } from './byte-size';
import { PointerPosition } from './pointer-position';
import type { StageZoom } from './stage-zoom';

export interface LightboxCaptionProps {
  readonly attachment: AttachmentRef;
  readonly fileName: string;
  /** The dialog is labelled by the title: it names the image shown. */
  readonly titleId: string;
  readonly zoom: StageZoom;
  readonly copyNote: string;
}

/**
 * Name, stored size, original size when the store downscaled the image, and byte size. A linked
 * image (another format's link, resolved by the app's loader) has only its name: its size was
 * never known. Beside them, the pointer's position in the image.
 */
export function LightboxCaption({ attachment, fileName, titleId, zoom, copyNote }: LightboxCaptionProps): ReactNode {
  const labels = useLabels();
  const { width, height, bytes } = attachment;
  const original = downscaledFrom(attachment);
  const sizeKnown = adaptedImageSource(attachment)?.kind !== 'link';
  return (
    <div className="tc-lightbox__caption">
      <div>
        <h2 id={titleId} className="tc-lightbox__title">
          {fileName}
        </h2>
        {sizeKnown ? (
          <p className="tc-lightbox__details">
            <span>{formatLabel(labels['lightbox.stored'], { width, height })}</span>
            {original === undefined ? null : <span>{formatLabel(labels['lightbox.original'], { width: original.width, height: original.height })}</span>}
            <span>{formatByteSize(bytes, labels)}</span>
          </p>
        ) : null}
      </div>
      <PointerPosition zoom={zoom} copyNote={copyNote} />
    </div>
  );
}
