import { useEffect, useLayoutEffect, useRef } from 'react';

export interface ReviewKeyActions {
  readonly verdict: (verdict: 'pass' | 'fail') => void;
  readonly note: () => void;
  readonly jump: (direction: 1 | -1) => void;
}

/** Focus is in a field that takes text: its keys are the person's typing. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/**
 * `p` / `f` give Pass / Fail and `n` opens the note of the open image, else the call the person is
 * on; `]` / `[` go to the next / previous call without a verdict (not while an image is open).
 * Never while typing or with a modifier held.
 */
export function useReviewKeys(actions: ReviewKeyActions, imageOpen: boolean): void {
  const latest = useRef({ actions, imageOpen });
  useLayoutEffect(() => {
    latest.current = { actions, imageOpen };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const { actions: act, imageOpen: inLightbox } = latest.current;
      if (event.key === 'p') act.verdict('pass');
      else if (event.key === 'f') act.verdict('fail');
      else if (event.key === 'n') act.note();
      else if ((event.key === ']' || event.key === '[') && !inLightbox) act.jump(event.key === ']' ? 1 : -1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
