import { useContext, useRef, type ReactNode } from 'react';

import { callTarget, type Verdict } from '../../src/reviews/review-line';
import { NoteEditor } from './note-editor';
import { ReviewContext, type ReviewSubject } from './review-context';
import { NO_STANDING } from './review-state';

interface VerdictControlsProps {
  readonly subject: ReviewSubject;
  /** Where they sit: a row's header, or the lightbox's dark toolbar (its buttons' look). */
  readonly place: 'row' | 'lightbox';
}

/**
 * Pass, Fail (each pressed while it stands; pressed again, taken back), Note (opens the note's
 * editor) and Copy link, for one call or image; the note itself shown as text.
 */
export function VerdictControls({ subject, place }: VerdictControlsProps): ReactNode {
  const review = useContext(ReviewContext);
  const noteButton = useRef<HTMLButtonElement>(null);
  if (review === null) return null;
  const { labels, store, canReview } = review;
  const target = callTarget(subject.callId, subject.index);
  const standing = store.reviews.get(target) ?? NO_STANDING;
  const editing = review.editing === target;
  const notice = review.notice?.target === target ? review.notice.text : '';
  const buttonClass = place === 'lightbox' ? 'tc-lightbox__button' : 'review-button';
  const give = (verdict: Verdict): void => {
    store.give(target, { ...standing, verdict: standing.verdict === verdict ? null : verdict });
  };
  const closeEditor = (): void => {
    review.setEditing(null);
    noteButton.current?.focus();
  };
  return (
    <div className={`review-controls review-controls--${place}`} role="group" aria-label={subject.index === undefined ? labels.callGroup : labels.imageGroup}>
      <button
        type="button"
        className={buttonClass}
        data-verdict="pass"
        aria-pressed={standing.verdict === 'pass'}
        disabled={!canReview}
        onClick={() => {
          give('pass');
        }}
      >
        <VerdictMark given={standing.verdict === 'pass'} />
        {labels.pass}
      </button>
      <button
        type="button"
        className={buttonClass}
        data-verdict="fail"
        aria-pressed={standing.verdict === 'fail'}
        disabled={!canReview}
        onClick={() => {
          give('fail');
        }}
      >
        <VerdictMark given={standing.verdict === 'fail'} />
        {labels.fail}
      </button>
      <button
        ref={noteButton}
        type="button"
        className={buttonClass}
        aria-expanded={editing}
        disabled={!canReview}
        onClick={() => {
          review.setEditing(editing ? null : target);
        }}
      >
        {labels.note}
      </button>
      <button
        type="button"
        className={buttonClass}
        onClick={() => {
          review.copyLink(subject);
        }}
      >
        {labels.copyLink}
      </button>
      <span role="status" className="review-controls__notice">
        {notice}
      </span>
      {standing.note === '' || editing ? null : <span className="review-controls__note">{standing.note}</span>}
      {editing ? (
        <NoteEditor
          labels={labels}
          note={standing.note}
          onCancel={closeEditor}
          onSave={(note) => {
            store.give(target, { ...standing, note });
            closeEditor();
          }}
        />
      ) : null}
    </div>
  );
}

/** A mark beside the word of the verdict that stands, so it is not told by colour alone (its name stays the word). */
function VerdictMark({ given }: { readonly given: boolean }): ReactNode {
  return given ? <span aria-hidden="true">✓ </span> : null;
}
