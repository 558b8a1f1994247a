import { firstTextLine, readImageReason } from './failure-reason';
import type { ToolResult } from '../call-tree';

/** The name `read_image` records on a refusal it decided itself, before any I/O (DESIGN §3). */
const REFUSAL_ERROR_NAME = 'ReadImageError';

/** An AI SDK `output-denied` part: a person (or the app's policy) said no to the call. */
const DENIED_CODE = 'denied';

/**
 * The refusals of `read_image` as their reason reads, for logs recorded without an `error` record
 * (every reference log is one): the route gate's four and the extension gate. Anchored at the start
 * of the reason, after the common subject, so a file or store failure that quotes one of these
 * words is not taken for a refusal.
 */
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const READ_IMAGE_REFUSALS: readonly RegExp[] = [
  /^no model route is known for this call;/,
  new RegExp(`^model ${QUOTED} of provider ${QUOTED} is unknown, so its image input cannot be confirmed;`),
  new RegExp(`^model ${QUOTED} does not declare its input modalities, so its image input cannot be confirmed;`),
  new RegExp(`^model ${QUOTED} does not declare image input;`),
  new RegExp(`^the extension ${QUOTED} is not an image type this tool reads;`),
];

/**
 * Whether a call that did not succeed was refused — by policy, not broken: the route cannot take
 * images, the file type is not one the tool reads, a person denied it. Recognised by the recorded
 * error name or code, else by the `read_image` refusal texts. A failure of the file, the bytes or
 * the store is not a refusal; neither is a stop.
 */
export function isRefusal(result: ToolResult): boolean {
  if (result.outcome === 'ok') return false;
  const { error } = result;
  if (error?.code === DENIED_CODE) return true;
  if (result.outcome === 'stopped') return false;
  if (error?.name !== undefined) return error.name === REFUSAL_ERROR_NAME;
  const line = firstTextLine(result);
  const reason = line === undefined ? undefined : readImageReason(line);
  return reason !== undefined && READ_IMAGE_REFUSALS.some((refusal) => refusal.test(reason));
}
