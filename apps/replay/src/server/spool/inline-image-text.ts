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

/** An inline image in a JSON string's raw bytes: its `head` (as in InlineImageText) and its payload decoded. */
export interface InlineImageBytes {
  readonly head: string;
  readonly bytes: Buffer;
}

const EQUALS = 0x3d;
/** A string's first bytes, searched for a data URL's head; a head longer than these is judged on the whole string. */
const HEAD_BYTES = 256;
const LOOKS_LIKE_DATA_URL = /^data:image\//i;
/** `data:image/x;base64,`: shorter is no data URL, and base64 shorter than MIN_BASE64_LENGTH no image. */
const SHORTEST_DATA_URL = 'data:image/x;base64,'.length;

/**
 * inlineImageIn's answer for the raw bytes of a JSON string that hold no escape (so they are its
 * text), with the payload decoded: the same rules judged on bytes, so a screenshot's base64 becomes
 * one Latin-1 string (to decode it) instead of being decoded as UTF-8, searched by a pattern and
 * decoded. The decoder checks the alphabet: it skips every other character, so base64 holding one
 * decodes to fewer bytes than its length says — always, except for a length ≡ 1 (mod 4), which is
 * judged as text. Pass bytes with an escape to inlineImageIn once unescaped.
 */
export function inlineImageInBytes(raw: Buffer): InlineImageBytes | undefined {
  // Most strings of a line (keys' values, names, ids) are shorter than any image, in either form.
  if (raw.length < SHORTEST_DATA_URL) return undefined;
  const start = raw.toString('latin1', 0, Math.min(raw.length, HEAD_BYTES));
  const dataUrlHead = DATA_URL_HEAD.exec(start)?.[0];
  // In Latin-1 every byte is one character: the head's length in characters is its length in bytes.
  if (dataUrlHead !== undefined)
    return { head: raw.toString('utf8', 0, dataUrlHead.length), bytes: Buffer.from(raw.toString('latin1', dataUrlHead.length), 'base64') };
  if (raw.length > HEAD_BYTES && LOOKS_LIKE_DATA_URL.test(start)) return inlineImageInText(raw);
  if (raw.length < MIN_BASE64_LENGTH) return undefined;
  if (!startsWithImageSignature(Buffer.from(start.slice(0, SIGNATURE_CHARS), 'base64'))) return undefined;
  const padding = paddingLength(raw);
  if (padding === undefined) return undefined;
  const characters = raw.length - padding;
  if (characters % 4 === 1) return inlineImageInText(raw);
  if (holdsBothAlphabets(raw)) return undefined;
  const bytes = Buffer.from(raw.toString('latin1'), 'base64');
  return bytes.length === Math.floor((characters * 3) / 4) ? { head: '', bytes } : undefined;
}

function inlineImageInText(raw: Buffer): InlineImageBytes | undefined {
  const image = inlineImageIn(raw.toString('utf8'));
  return image === undefined ? undefined : { head: image.head, bytes: Buffer.from(image.payload, 'base64') };
}

/** How many `=` end `raw`, or undefined when one stands anywhere else (isBase64's rule). */
function paddingLength(raw: Buffer): number | undefined {
  const first = raw.indexOf(EQUALS);
  if (first === -1) return 0;
  if (first === 0 || first < raw.length - 2) return undefined;
  for (let at = first; at < raw.length; at += 1) if (raw[at] !== EQUALS) return undefined;
  return raw.length - first;
}

/** True when `raw` has characters only the standard alphabet has and others only the URL-safe one has: it is neither. */
function holdsBothAlphabets(raw: Buffer): boolean {
  const standard = raw.includes('+') || raw.includes('/');
  return standard && (raw.includes('-') || raw.includes('_'));
}
