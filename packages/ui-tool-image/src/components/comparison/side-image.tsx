import type { ReactNode } from 'react';
import { useLabels } from '../../labels';
import { imageNotAvailableText, type ImageLoadState } from '../image-loading';

export interface SideImageProps {
  readonly state: ImageLoadState;
  /** The image's accessible name: its side and file name. */
  readonly alt: string;
  readonly className?: string;
}

/** One side's image, or why it is not shown: loading, failed (with retry) or not in the store. */
export function SideImage({ state, alt, className = 'tc-comparison__image' }: SideImageProps): ReactNode {
  const labels = useLabels();
  switch (state.status) {
    case 'ready':
      return <img className={className} src={state.url} alt={alt} />;
    case 'failed':
      return (
        <div className="tc-lightbox__message">
          <p>{labels['image.failed']}</p>
          <button type="button" className="tc-lightbox__button" onClick={state.retry}>
            {labels['image.retry']}
          </button>
        </div>
      );
    case 'not-available':
      return (
        <div className="tc-lightbox__message">
          <p>{imageNotAvailableText(state.reason, labels)}</p>
        </div>
      );
    case 'idle':
    case 'loading':
      return (
        <div className="tc-lightbox__message">
          <p>{labels['image.loading']}</p>
        </div>
      );
  }
}
