import { useRef, type ReactNode } from 'react';
import { useLabels } from '../../labels';
import type { AttachmentRef } from '../../model';
import { imageNotAvailableText, type ImageLoadState } from '../image-loading';

export interface LightboxStageProps {
  readonly attachment: AttachmentRef;
  readonly image: ImageLoadState;
  readonly fileName: string;
  /** One image pixel per CSS pixel (scrolling when larger) instead of fitting the screen. */
  readonly actualSize: boolean;
}

function StageMessage({ text, children }: { readonly text: string; readonly children?: ReactNode }): ReactNode {
  return (
    <div className="tc-lightbox__message">
      <p>{text}</p>
      {children}
    </div>
  );
}

/** The image, or why it is not shown yet: loading, failed (with retry) or not in the store. */
export function LightboxStage({ attachment, image, fileName, actualSize }: LightboxStageProps): ReactNode {
  const labels = useLabels();
  const stageRef = useRef<HTMLDivElement>(null);

  let content: ReactNode;
  switch (image.status) {
    case 'ready':
      content = <img className="tc-lightbox__image" src={image.url} alt={fileName} width={attachment.width} height={attachment.height} />;
      break;
    case 'failed': {
      const { retry } = image;
      content = (
        <StageMessage text={labels['image.failed']}>
          <button
            type="button"
            className="tc-lightbox__button"
            onClick={() => {
              // The button goes with the failed state: keep focus in the dialog, not on the body.
              stageRef.current?.focus();
              retry();
            }}
          >
            {labels['image.retry']}
          </button>
        </StageMessage>
      );
      break;
    }
    case 'not-available':
      content = <StageMessage text={imageNotAvailableText(image.reason, labels)} />;
      break;
    case 'idle':
    case 'loading':
      content = <StageMessage text={labels['image.loading']} />;
      break;
  }

  return (
    <div ref={stageRef} className={`tc-lightbox__stage tc-lightbox__stage--${actualSize ? 'actual' : 'fit'}`} data-status={image.status} tabIndex={-1}>
      {content}
    </div>
  );
}
