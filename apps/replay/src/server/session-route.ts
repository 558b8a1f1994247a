const PREFIX = '/api/sessions/';

/**
 * `/api/sessions/<id>/<rest>` with its id decoded (ids are paths: the page sends them
 * encodeURIComponent'd, `/` as `%2F`); undefined for any other path or an id that does not decode.
 */
export function sessionRoute(pathname: string): { readonly id: string; readonly rest: string } | undefined {
  if (!pathname.startsWith(PREFIX)) return undefined;
  const after = pathname.slice(PREFIX.length);
  const slash = after.indexOf('/');
  if (slash <= 0) return undefined;
  try {
    return { id: decodeURIComponent(after.slice(0, slash)), rest: after.slice(slash + 1) };
  } catch {
    return undefined;
  }
}
