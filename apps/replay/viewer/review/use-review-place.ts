import { useState } from 'react';

import { placeFromSearch, searchWithPlace, type ReviewPlace } from './review-url';

/** The open call, open image and review filters, kept in the query string: a link reopens them. */
export function useReviewPlace(): readonly [ReviewPlace, (change: Partial<ReviewPlace>) => void] {
  const [place, setPlace] = useState(() => placeFromSearch(window.location.search));
  const change = (partial: Partial<ReviewPlace>): void => {
    setPlace((current) => {
      const next = { ...current, ...partial };
      const { pathname, search, hash } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${searchWithPlace(search, next)}${hash}`);
      return next;
    });
  };
  return [place, change] as const;
}
