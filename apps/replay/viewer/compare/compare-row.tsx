import type { ImageCardImage, LoadImage } from '@toolcard/ui-tool-image';
import { memo, type ReactNode } from 'react';

import type { AlignedRow, ComparedCall, ComparedMessage } from './align-calls';
import type { CompareLabels } from './compare-labels';
import { TextDiff } from './text-diff';

/** One side of an image pair to compare: the image and the loader of its session's store. */
export interface ComparedImage {
  readonly image: ImageCardImage;
  readonly loadImage: LoadImage;
}

/** What "Compare images" hands on: the pair (A before, B after) and the two calls they came from. */
export interface ImagePair {
  readonly before: ComparedImage;
  readonly after: ComparedImage;
  readonly callIdA: string;
  readonly callIdB: string;
  /** The button pressed: focus returns there when the comparison closes. */
  readonly opener: HTMLElement;
}

/** Shown in a row; the rest of a long text is in the session's own view. */
const MESSAGE_PREVIEW = 280;
const ARGS_PREVIEW = 240;

function preview(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

export function MessageLine({ message, labels }: { readonly message: ComparedMessage; readonly labels: CompareLabels }): ReactNode {
  return (
    <p className={`cmp-message cmp-message--${message.role}`}>
      <span className="cmp-message__role">{message.role}</span> {preview(message.text, MESSAGE_PREVIEW)}
      {message.images > 0 && <span className="cmp-message__images"> [{labels.messageImages(message.images)}]</span>}
    </p>
  );
}

function CallSide({ call, labels }: { readonly call: ComparedCall; readonly labels: CompareLabels }): ReactNode {
  return (
    <>
      {call.messages.map((message, index) => (
        <MessageLine key={index} message={message} labels={labels} />
      ))}
      <p className="cmp-call" data-call-id={call.callId}>
        <code className="cmp-call__name">{call.name}</code>{' '}
        <code className="cmp-call__args">{call.args === '' ? labels.noArguments : preview(call.args, ARGS_PREVIEW)}</code>{' '}
        <span className={`cmp-outcome cmp-outcome--${call.outcome}`}>{labels.outcome[call.outcome]}</span>
        {call.images.length > 0 && <span className="cmp-call__images"> [{labels.messageImages(call.images.length)}]</span>}
      </p>
    </>
  );
}

interface ImagesDifferenceProps {
  readonly a: ComparedCall;
  readonly b: ComparedCall;
  readonly labels: CompareLabels;
  readonly loadImageA: LoadImage;
  readonly loadImageB: LoadImage;
  readonly onCompareImages: (pair: ImagePair) => void;
}

/** The two results' images by position: the same id (the store's digest) is the same image, nothing decoded; a changed pair can be compared. */
function ImagesDifference({ a, b, labels, loadImageA, loadImageB, onCompareImages }: ImagesDifferenceProps): ReactNode {
  const count = Math.max(a.images.length, b.images.length);
  return (
    <ul className="cmp-images">
      {Array.from({ length: count }, (_, index) => {
        const before = a.images[index];
        const after = b.images[index];
        const number = index + 1;
        if (before === undefined || after === undefined) {
          return <li key={index}>{labels.imageOnlyIn(number, before === undefined ? labels.side.b : labels.side.a)}</li>;
        }
        if (before.attachment.attachmentId === after.attachment.attachmentId) return <li key={index}>{labels.imageSame(number)}</li>;
        return (
          <li key={index}>
            {labels.imageChanged(number)}{' '}
            <button
              type="button"
              onClick={(event) => {
                onCompareImages({
                  before: { image: before, loadImage: loadImageA },
                  after: { image: after, loadImage: loadImageB },
                  callIdA: a.callId,
                  callIdB: b.callId,
                  opener: event.currentTarget,
                });
              }}
            >
              {labels.compareImages}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export interface CompareRowProps extends Omit<ImagesDifferenceProps, 'a' | 'b'> {
  readonly row: AlignedRow;
  /** The row's place among all aligned rows (0-based). */
  readonly number: number;
}

/** An aligned row: its contract word, A's call and B's side by side (with the messages before each), and for a changed row what differs. */
export const CompareRow = memo(function CompareRow({ row, number, labels, ...images }: CompareRowProps): ReactNode {
  const kind = labels.kinds[row.kind];
  return (
    <>
      <p className="cmp-row__mark">
        <span className="cmp-row__number">{number + 1}</span> {kind}
      </p>
      <div className="cmp-row__side" data-side="a">
        {row.a !== undefined && <CallSide call={row.a} labels={labels} />}
      </div>
      <div className="cmp-row__side" data-side="b">
        {row.b !== undefined && <CallSide call={row.b} labels={labels} />}
      </div>
      {row.kind === 'changed' && (
        <div className="cmp-row__differences">
          {row.differences.args && (
            <section>
              <h3>{labels.differs.args}</h3>
              <TextDiff before={row.a.args} after={row.b.args} cutNote={labels.textCut} />
            </section>
          )}
          {row.differences.outcome && (
            <section>
              <h3>{labels.differs.outcome}</h3>
              <p>
                <del>{labels.outcome[row.a.outcome]}</del> → <ins>{labels.outcome[row.b.outcome]}</ins>
              </p>
            </section>
          )}
          {row.differences.resultText && (
            <section>
              <h3>{labels.differs.resultText}</h3>
              <TextDiff before={row.a.resultText} after={row.b.resultText} cutNote={labels.textCut} />
            </section>
          )}
          {row.differences.images && (
            <section>
              <h3>{labels.differs.images}</h3>
              <ImagesDifference a={row.a} b={row.b} labels={labels} {...images} />
            </section>
          )}
        </div>
      )}
    </>
  );
});
