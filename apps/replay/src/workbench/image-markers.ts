import { createHash } from 'node:crypto';

import { imageHeaderSize, refusedImageMarker, storedImageMarker } from '@toolcard/ui-tool-image/model';

import type { SavedImage } from '../server/spool/inline-image-saver.ts';
import { rewriteInlineImages } from '../server/spool/inline-image-rewrite.ts';
import { inlineImageIn, inlineImageInBytes } from '../server/spool/inline-image-text.ts';

/**
 * The marker that stands for an inline image while a session is summarised: its id is the one the
 * model mints for the same bytes read inline (`inline:sha256:<hex>`), so distinct images count the
 * same either way, and bytes that are no image the model reads become a marker that is none either.
 * Nothing is stored: a summary needs the count, not the pixels.
 */
function markerOf(bytes: Buffer): string {
  const header = imageHeaderSize(bytes);
  if (header === null) return refusedImageMarker('not an image');
  const attachmentId = `inline:sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  return storedImageMarker({ attachmentId, mediaType: header.mediaType, bytes: bytes.length, width: header.width, height: header.height });
}

function imageMarker(base64: string): Promise<SavedImage> {
  return Promise.resolve({ marker: markerOf(Buffer.from(base64, 'base64')) });
}

/**
 * What every inline image inlineImageIn finds starts with, in a JSON line's raw text: a data URL's
 * head, or a string opening with the base64 of a PNG, JPEG, GIF or WebP signature (either alphabet,
 * `/` escaped or not). A line without it is not parsed twice; one that hides an image some other
 * way (`\u` escapes) reaches the reader with its base64, which counts it the same, at a line's cost in memory.
 * Two patterns, not one alternation of both: V8 tests a line against the pair ~1.6× faster (measured on our own logs' lines).
 */
const MAY_HOLD_DATA_URL = /data:image\\?\//i;
const MAY_HOLD_BASE64_IMAGE = /"(?:iVBORw0KGgo|\\?\/9j\\?\/|_9j_|R0lGOD|UklGR)/i;

/**
 * `text` (JSON) with each inline image replaced by its marker, so what a reader keeps of the line
 * holds no base64; `text` itself when it holds none, or is not JSON (the reader reports it).
 */
export async function withImageMarkers(text: string): Promise<string> {
  if (!mayHoldInlineImage(text)) return text;
  const rewritten = await rewriteInlineImages(text, imageMarker);
  return rewritten?.text ?? text;
}

function mayHoldInlineImage(text: string): boolean {
  return MAY_HOLD_DATA_URL.test(text) || MAY_HOLD_BASE64_IMAGE.test(text);
}

/**
 * Complete lines (each ended by `\n`) with each one's inline images replaced as withImageMarkers
 * does: tested once as a whole, so a run of lines that holds none is given on as it is, not line by line.
 */
export async function linesWithImageMarkers(lines: string): Promise<string> {
  if (!mayHoldInlineImage(lines)) return lines;
  const marked = lines.split('\n');
  for (let index = 0; index < marked.length; index += 1) marked[index] = await withImageMarkers(marked[index] ?? '');
  return marked.join('\n');
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/**
 * A line longer than this has its images found in its bytes (lineWithImageMarkers); shorter ones
 * are decoded and given to linesWithImageMarkers in runs, which costs less for the many short lines
 * of a log and nothing for a screenshot's.
 */
const LONG_LINE_BYTES = 16 << 10;

/**
 * Short lines are decoded at most this many bytes at a time, cut at a line's end, so each piece is
 * a string under V8's 128 kB large-object size even with two bytes a character: every large
 * object maps fresh pages, and decoding a log in 1 MiB strings cost ~40× decoding it in 60 kB ones
 * on the machines here.
 */
export const PIECE_BYTES = 60_000;

/**
 * Lines of a log as bytes (each ended by `\n`, the last one's optional) as text pieces in order,
 * each of whole lines ended by `\n`, with each one's inline images replaced as withImageMarkers
 * does; a piece is no longer than PIECE_BYTES unless one line of it is.
 */
export async function markedLines(bytes: Buffer): Promise<string[]> {
  const pieces: string[] = [];
  let runStart = 0;
  const endRun = async (end: number) => {
    for (let start = runStart; start < end;) {
      // A run's lines are short (LONG_LINE_BYTES): a piece's bytes hold the end of one unless they are the run's last.
      const cut = end - start > PIECE_BYTES ? bytes.lastIndexOf(NEWLINE, start + PIECE_BYTES - 1) : -1;
      const pieceEnd = cut < start ? end : cut + 1;
      pieces.push(await linesWithImageMarkers(bytes.toString('utf8', start, pieceEnd)));
      start = pieceEnd;
    }
  };
  for (let start = 0; start < bytes.length;) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    if (end - start > LONG_LINE_BYTES) {
      await endRun(start);
      const line = bytes.subarray(start, end);
      pieces.push(`${lineWithImageMarkers(line) ?? (await withImageMarkers(line.toString('utf8')))}\n`);
      runStart = end + 1;
    }
    start = end + 1;
  }
  await endRun(bytes.length);
  if (bytes.length > 0 && bytes[bytes.length - 1] !== NEWLINE && runStart < bytes.length) pieces.push('\n');
  return pieces;
}

/**
 * withImageMarkers's answer for one line, found in its bytes: the line is walked from string to
 * string (JSON has no quote outside one), and only a string that is an image is decoded; text
 * around is copied as it is, not parsed and written again. Undefined when a string never ends
 * (not JSON: withImageMarkers leaves it as it is).
 */
function lineWithImageMarkers(line: Buffer): string | undefined {
  const parts: string[] = [];
  let copied = 0;
  for (let open = line.indexOf(QUOTE); open !== -1;) {
    const close = closingQuote(line, open + 1);
    if (close === -1) return undefined;
    const marker = isKey(line, close) ? undefined : stringImageMarker(line.subarray(open + 1, close), line, open);
    if (marker !== undefined) {
      parts.push(line.toString('utf8', copied, open + 1), JSON.stringify(marker).slice(1, -1));
      copied = close;
    }
    open = line.indexOf(QUOTE, close + 1);
  }
  parts.push(line.toString('utf8', copied));
  return parts.join('');
}

/** Where the string whose text starts at `from` ends: its first quote not escaped, or -1. */
function closingQuote(line: Buffer, from: number): number {
  for (let at = line.indexOf(QUOTE, from); at !== -1; at = line.indexOf(QUOTE, at + 1)) {
    let backslashes = 0;
    while (line[at - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

/** True when the string ending at `close` is an object's key (withImageMarkers replaces values only). */
function isKey(line: Buffer, close: number): boolean {
  let at = close + 1;
  while (line[at] === 0x20 || line[at] === 0x09 || line[at] === 0x0d) at += 1;
  return line[at] === 0x3a;
}

/** The text to write in place of a string's content (`raw`, its bytes between the quotes at `open` and after) when it is an inline image. */
function stringImageMarker(raw: Buffer, line: Buffer, open: number): string | undefined {
  if (!raw.includes(BACKSLASH)) {
    const image = inlineImageInBytes(raw);
    return image === undefined ? undefined : image.head + markerOf(image.bytes);
  }
  if (!mayBeImageOnceUnescaped(raw)) return undefined;
  let text: string;
  try {
    text = JSON.parse(line.toString('utf8', open, open + raw.length + 2)) as string;
  } catch {
    return undefined;
  }
  const image = inlineImageIn(text);
  return image === undefined ? undefined : image.head + markerOf(Buffer.from(image.payload, 'base64'));
}

const DATA_URL_START = 'data:image/';

/**
 * False when escapes rule out an image: a data URL starts `data:image/` (what comes before the
 * first escape must agree), and base64 has no character an escape other than `\/` or `\u` stands for.
 */
function mayBeImageOnceUnescaped(raw: Buffer): boolean {
  const firstEscape = raw.indexOf(BACKSLASH);
  if (DATA_URL_START.startsWith(raw.toString('latin1', 0, Math.min(firstEscape, DATA_URL_START.length)).toLowerCase())) return true;
  for (let at = firstEscape; at !== -1; at = raw.indexOf(BACKSLASH, at + 2)) {
    const escaped = raw[at + 1];
    if (escaped !== 0x2f && escaped !== 0x75) return false;
  }
  return true;
}
