/**
 * The line the spool writes in place of text it cannot rewrite safely (a line over the length cap,
 * a document that does not parse): never JSON and never starting like it, so the viewer reports
 * the line as a problem, and none of the original bytes, base64 included, reach the page.
 */
export function notReplayedLine(reason: string): string {
  return `not replayed: ${reason}`;
}
