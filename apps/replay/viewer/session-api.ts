/** The session the page shows: `current` when the server was given one file, else the index's id from `?session=`. */
export const ONE_SESSION_ID = 'current';

/** The base of one session's routes on the replay server (`…/log`, `…/info`, `…/attachments/<id>`, `…/reviews`). */
export function sessionApi(sessionId: string): string {
  return `/api/sessions/${encodeURIComponent(sessionId)}`;
}
