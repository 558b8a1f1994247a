import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export interface ReplayKeyActions {
  readonly focusSearch: () => void;
  readonly moveRow: (direction: 1 | -1) => void;
  readonly toggleRow: () => void;
}

/** A row of the replay's list itself holds focus (not a button or link inside it, whose Enter is its own). */
function isFocusedRow(target: Element | null): boolean {
  return target?.matches('.tc-replay__item') === true;
}

/** Focus is in a field that takes text: its keys are the person's typing, not commands. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/**
 * `/` focuses the search, `j` / `k` move to the next / previous row, `o` (or Enter on the row) opens or closes it. They
 * act when focus is inside the replay or on nothing in particular (the page's body), never while
 * typing, inside a dialog (the lightbox has keys of its own) or with a modifier held.
 */
export function useReplayKeys(root: RefObject<HTMLElement | null>, actions: ReplayKeyActions): void {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const target = event.target instanceof Element ? event.target : null;
      const element = root.current;
      const onPage = target === null || target === document.body || target === document.documentElement;
      if (element === null || (!onPage && !element.contains(target)) || target?.closest('dialog') != null) return;
      const act = latest.current;
      if (event.key === '/') act.focusSearch();
      else if (event.key === 'j') act.moveRow(1);
      else if (event.key === 'k') act.moveRow(-1);
      else if (event.key === 'o' || (event.key === 'Enter' && isFocusedRow(target))) act.toggleRow();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [root]);
}
