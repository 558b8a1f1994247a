import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import type { ReviewLabels } from './review-labels';

interface NoteEditorProps {
  readonly labels: ReviewLabels;
  readonly note: string;
  readonly onSave: (note: string) => void;
  readonly onCancel: () => void;
}

/**
 * A note's text field with Save and Cancel. Esc cancels, heard on the form itself before the
 * lightbox's dialog (its native listener would close the lightbox instead).
 */
export function NoteEditor({ labels, note, onSave, onCancel }: NoteEditorProps): ReactNode {
  const id = useId();
  const [text, setText] = useState(note);
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    field.current?.focus();
    const element = form.current;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      cancel.current();
    };
    element?.addEventListener('keydown', onKeyDown);
    return () => {
      element?.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return (
    <form
      ref={form}
      className="review-note-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text.trim());
      }}
    >
      <label htmlFor={id}>{labels.noteField}</label>
      <textarea
        id={id}
        ref={field}
        rows={3}
        value={text}
        maxLength={4000}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
      <span className="review-note-editor__buttons">
        <button type="submit">{labels.save}</button>
        <button type="button" onClick={onCancel}>
          {labels.cancel}
        </button>
      </span>
    </form>
  );
}
