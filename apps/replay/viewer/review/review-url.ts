import type { OpenImage } from '@toolcard/ui-tool-image';

import { callTarget } from '../../src/reviews/review-line';
import { searchWith } from '../query-string';
import { isReviewFilter, type ReviewFilter } from './review-state';

/** What a link to a place in a session says beside the find bar's filter: `call=<id>`, `image=<id>/<n>`, `review=unreviewed,failed`. */
export interface ReviewPlace {
  readonly call: string | null;
  readonly image: OpenImage | null;
  readonly review: readonly ReviewFilter[];
}

const IMAGE_PARAM = /^(.+)\/(0|[1-9]\d{0,5})$/;

/** The place the query string names; a malformed part is left out, so a hand-edited link still opens. */
export function placeFromSearch(search: string): ReviewPlace {
  const params = new URLSearchParams(search);
  const call = params.get('call');
  const image = IMAGE_PARAM.exec(params.get('image') ?? '');
  return {
    call: call === null || call === '' ? null : call,
    image: image?.[1] === undefined ? null : { callId: image[1], index: Number(image[2]) },
    review: (params.get('review') ?? '').split(',').filter(isReviewFilter),
  };
}

/** The query string for `place`, keeping every other parameter of `search`; empty parts are left out. */
export function searchWithPlace(search: string, place: ReviewPlace): string {
  return searchWith(search, {
    call: place.call,
    image: place.image === null ? null : `${place.image.callId}/${String(place.image.index)}`,
    review: place.review.join(','),
  });
}

/** The page's URL pointing at one call, or at one of its images (open in the lightbox). */
export function linkTo(href: string, target: { readonly callId: string; readonly index?: number | undefined }): string {
  const url = new URL(href);
  const image = target.index === undefined ? null : { callId: target.callId, index: target.index };
  url.search = searchWithPlace(url.search, { call: image === null ? target.callId : null, image, review: placeFromSearch(url.search).review });
  url.hash = '';
  return url.toString();
}

/** The review target of a place: the open image's, else the call's. */
export function targetOf(place: { readonly call: string | null; readonly image: OpenImage | null }): string | null {
  if (place.image !== null) return callTarget(place.image.callId, place.image.index);
  return place.call === null ? null : callTarget(place.call);
}
