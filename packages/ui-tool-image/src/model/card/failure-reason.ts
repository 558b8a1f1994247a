/**
 * The `read_image` failure text (DESIGN §3) is `Error: cannot read "<path>" as an image: <reason>`:
 * the same subject on every failure, so a collapsed row that showed it would cut off the only part
 * that differs. The path inside the quotes is JSON-escaped, hence the escape-aware match.
 */
const ERROR_PREFIX = /^Error:\s*/;
const READ_IMAGE_SUBJECT = /^cannot read "(?:[^"\\]|\\.)*" as an image:\s*/;

/**
 * Why a call failed, from the first line of its result's text: without the `Error:` prefix and
 * without the `read_image` subject, so the reason comes first. A line that is nothing but the
 * prefix or the subject is returned as written: a reason is never blank.
 */
export function failureReason(firstLine: string): string {
  const message = firstLine.replace(ERROR_PREFIX, '');
  const reason = message.replace(READ_IMAGE_SUBJECT, '');
  if (reason !== '') return reason;
  return message === '' ? firstLine : message;
}
