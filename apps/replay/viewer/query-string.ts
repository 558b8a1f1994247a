/**
 * `search` with each of `values` set, or removed when empty (null or ''), every other parameter
 * kept: how each view writes its state into the page's URL without erasing another's.
 */
export function searchWith(search: string, values: Readonly<Record<string, string | null>>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === '') params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
