/** An inline image in a string: its base64 `payload`, after `head` (a data URL's `data:image/…;base64,`, or nothing). */
export interface InlineImageText {
  readonly head: string;
  readonly payload: string;
}

/** Shorter base64 is no image worth a store object (a 1×1 PNG is 90 characters). */
const MIN_BASE64_LENGTH = 64;
const DATA_URL_HEAD = /^data:image\/[\w.+-]+(?:;[^;,]*)*;base64,/i;
/** A character outside each alphabet (its padding included): searched for, a pattern V8 runs ~6× faster on a long string than an anchored match of the whole. */
const OUTSIDE_STANDARD_BASE64 = /[^A-Za-z0-9+/=]/;
const OUTSIDE_URL_SAFE_BASE64 = /[^A-Za-z0-9_=-]/;
/** Base64 characters enough for the longest signature checked (WebP's 12 bytes). */
const SIGNATURE_CHARS = 16;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

function startsWithImageSignature(bytes: Buffer): boolean {
  const ascii = bytes.toString('latin1');
  return (
    bytes.subarray(0, PNG.length).equals(PNG) ||
    bytes.subarray(0, JPEG.length).equals(JPEG) ||
    ascii.startsWith('GIF87a') ||
    ascii.startsWith('GIF89a') ||
    (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP')
  );
}

/** True when `text` is only characters of one alphabet, with `=` as its last one or two at most. */
function isBase64(text: string, outsideAlphabet: RegExp): boolean {
  if (outsideAlphabet.test(text)) return false;
  const padding = text.indexOf('=');
  return padding === -1 || (padding > 0 && padding >= text.length - 2 && text.endsWith('='.repeat(text.length - padding)));
}

/**
 * The inline image `text` holds: any `data:image/…;base64,` URL (whatever its payload: the store
 * judges it), or a base64 string (standard or URL-safe) whose bytes start like a PNG, JPEG, GIF or
 * WebP file. Anything else is undefined. The signature is checked before the whole alphabet, so the
 * many ordinary strings of a log cost a few characters each.
 */
export function inlineImageIn(text: string): InlineImageText | undefined {
  const dataUrlHead = DATA_URL_HEAD.exec(text)?.[0];
  if (dataUrlHead !== undefined) return { head: dataUrlHead, payload: text.slice(dataUrlHead.length) };
  if (text.length < MIN_BASE64_LENGTH) return undefined;
  if (!startsWithImageSignature(Buffer.from(text.slice(0, SIGNATURE_CHARS), 'base64'))) return undefined;
  return isBase64(text, OUTSIDE_STANDARD_BASE64) || isBase64(text, OUTSIDE_URL_SAFE_BASE64) ? { head: '', payload: text } : undefined;
}
