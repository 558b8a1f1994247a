import { screen, within } from '@testing-library/react';

/** The rendered replay's list of items (a feed). */
export function replayFeed(): HTMLElement {
  return screen.getByRole('feed');
}

/** The replay's items in the DOM (the ones near the viewport), in document order. */
export function mountedItems(): HTMLElement[] {
  return within(replayFeed()).queryAllByRole('article');
}
