import { narrowAttachmentRef } from '../content-blocks';
import { isRecord, tryParseJson } from '../narrow';
import { imagePart, type ImagePart, type JsonWithImagesPart, type TextPart } from './output-part';

/** Longer texts (UTF-16 code units) stay plain text: parsing and re-printing them is not worth it. */
const MAX_JSON_TEXT_LENGTH = 1024 * 1024;

/** Deeper values stay plain text, so a hostile line cannot exhaust the stack of the recursive walks. */
const MAX_JSON_DEPTH = 256;

/**
 * JSON serialisers do not escape ASCII letters, so a text holding a reference holds this key
 * verbatim; without it, parsing and printing would only be thrown away.
 */
const REFERENCE_KEY = '"attachmentId"';

const INDENT = '  ';

type Segment = TextPart | ImagePart;

/** Collects printed text and placeholders, merging adjacent text into one segment. */
class SegmentWriter {
  private readonly segments: Segment[] = [];
  private pending = '';

  text(chunk: string): void {
    this.pending += chunk;
  }

  image(part: ImagePart): void {
    this.flush();
    this.segments.push(part);
  }

  finish(): readonly Segment[] {
    this.flush();
    return this.segments;
  }

  private flush(): void {
    if (this.pending === '') return;
    this.segments.push({ kind: 'text', text: this.pending });
    this.pending = '';
  }
}

/**
 * `text` pretty-printed like `JSON.stringify(value, null, 2)`, each attachment reference in it
 * replaced by its image placeholder; `null` when the text is not JSON, too long or too deep, or
 * holds no reference, so that such text is shown exactly as recorded.
 */
export function jsonWithImages(text: string): JsonWithImagesPart | null {
  if (text.length > MAX_JSON_TEXT_LENGTH || !/^\s*[[{]/.test(text) || !text.includes(REFERENCE_KEY)) return null;
  const parsed = tryParseJson(text);
  if (parsed === null) return null;
  const marked = new Set<unknown>();
  if (!markReferences(parsed.value, 0, marked) || !marked.has(parsed.value)) return null;
  const out = new SegmentWriter();
  writeValue(parsed.value, 0, marked, out);
  return { kind: 'json-with-images', segments: out.finish() };
}

/**
 * Adds to `marked` each reference in a parsed JSON value and every array or object that holds one
 * at any depth; `false` when the value nests deeper than the printer goes.
 */
function markReferences(value: unknown, depth: number, marked: Set<unknown>): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (narrowAttachmentRef(value) !== null) {
    marked.add(value);
    return true;
  }
  const children: readonly unknown[] = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  for (const child of children) {
    if (!markReferences(child, depth + 1, marked)) return false;
    if (marked.has(child)) marked.add(value);
  }
  return true;
}

/** Writes a parsed JSON value indented for `depth`: the marked path to each reference by hand, the rest as JSON.stringify writes it. */
function writeValue(value: unknown, depth: number, marked: ReadonlySet<unknown>, out: SegmentWriter): void {
  const attachment = narrowAttachmentRef(value);
  if (attachment !== null) {
    out.image(imagePart(attachment));
  } else if (!marked.has(value)) {
    // JSON.stringify escapes newlines inside strings, so every newline it writes is layout.
    out.text(JSON.stringify(value, null, INDENT).replaceAll('\n', `\n${INDENT.repeat(depth)}`));
  } else if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    writeContainer('[', ']', items, depth, out, (item) => {
      writeValue(item, depth + 1, marked, out);
    });
  } else if (isRecord(value)) {
    writeContainer('{', '}', Object.entries(value), depth, out, ([key, item]) => {
      out.text(`${JSON.stringify(key)}: `);
      writeValue(item, depth + 1, marked, out);
    });
  }
}

/** A non-empty array or object: `open`, each entry on its own line one level deeper, then `close`. */
function writeContainer<Entry>(
  open: string,
  close: string,
  entries: readonly Entry[],
  depth: number,
  out: SegmentWriter,
  writeEntry: (entry: Entry) => void,
): void {
  const entryIndent = `\n${INDENT.repeat(depth + 1)}`;
  out.text(open);
  for (const [index, entry] of entries.entries()) {
    out.text(index === 0 ? entryIndent : `,${entryIndent}`);
    writeEntry(entry);
  }
  out.text(`\n${INDENT.repeat(depth)}${close}`);
}
