import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The rendered replay's list of items (a feed). */
export function replayFeed(): HTMLElement {
  return screen.getByRole('feed');
}

/** The replay's items in the DOM (the ones near the viewport), in document order. */
export function mountedItems(): HTMLElement[] {
  return within(replayFeed()).queryAllByRole('article');
}

/** Resolves once the replay has replayed its whole log (a long one is replayed in slices, the replay busy meanwhile). */
export async function replayedWhole(): Promise<void> {
  await waitFor(() => {
    expect(screen.getByRole('region', { name: 'Session replay' }).getAttribute('aria-busy')).toBeNull();
  });
}
