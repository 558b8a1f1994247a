import { waitFor } from '@testing-library/react';

/** The rendered replay's section. */
export function replaySection(): HTMLElement {
  const section = document.querySelector<HTMLElement>('section.tc-replay');
  if (section === null) throw new Error('no replay is rendered');
  return section;
}

/** The replay's items mounted so far, in document order. */
export function mountedItems(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.tc-replay > .tc-replay__item')];
}

/** Waits, in real time, until the replay has mounted its last item: its `aria-busy` is gone. */
export async function untilAllItemsMounted(timeout = 5000): Promise<void> {
  await waitFor(
    () => {
      if (replaySection().hasAttribute('aria-busy')) throw new Error(`${mountedItems().length} items mounted so far`);
    },
    { timeout },
  );
}
