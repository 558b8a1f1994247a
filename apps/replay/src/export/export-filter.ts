/** The viewer URL's filter parameters (viewer/url-filter.ts): the find bar's tool, states and text. */
const FILTER_PARAMS = ['tool', 'state', 'q'] as const;

/** The filter part of a viewer query string (`?tool=read_image&state=failed&q=login` or without `?`); any other parameter is dropped. */
export function exportFilter(query: string): string {
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = given.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  return kept.toString();
}
