/**
 * An image's bytes inside an HTML file whose encoding is windows-1252, where every byte is one
 * character: the file grows by about 1.6 % of the image (4 bytes in 256 are escaped), where base64
 * would add a third. Escaped are the bytes the HTML parser would not hand back as they are inside a
 * `<script>`: NUL (read as U+FFFD), CR (read as LF), `<` (which could end the element), and the
 * escape byte itself; each is written as `=` and the byte plus 0x40.
 */
const ESCAPE = 0x3d;
const ESCAPED = new Set([0x00, 0x0d, 0x3c, ESCAPE]);
const SHIFT = 0x40;

export function encodeExportBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  let escapes = 0;
  for (const byte of bytes) if (ESCAPED.has(byte)) escapes += 1;
  const out = new Uint8Array(bytes.length + escapes);
  let at = 0;
  for (const byte of bytes) {
    if (ESCAPED.has(byte)) {
      out[at++] = ESCAPE;
      out[at++] = byte + SHIFT;
    } else {
      out[at++] = byte;
    }
  }
  return out;
}

/**
 * The byte each character code of a windows-1252 document stands for, -1 for none: 0x80–0x9F are
 * decoded to other code points (€ ‚ ƒ … ™, the highest U+2122), so the table reaches that far. A
 * table, not a Map for those 32: a 30 000-call comparison's two logs (2.3 MB) decode 4× faster.
 */
let bytesByCode: Int16Array | undefined;

function byteTable(): Int16Array {
  const high = new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 32 }, (_, at) => 0x80 + at));
  const codes = Array.from(high, (character) => character.charCodeAt(0));
  const table = new Int16Array(Math.max(0x100, ...codes) + 1).fill(-1);
  for (let code = 0; code < 0x100; code += 1) if (code < 0x80 || code >= 0xa0) table[code] = code;
  codes.forEach((code, at) => (table[code] = 0x80 + at));
  return table;
}

function byteAt(table: Int16Array, text: string, at: number): number {
  const code = text.charCodeAt(at);
  const byte = table[code] ?? -1;
  if (byte < 0) throw new Error(`U+${code.toString(16).padStart(4, '0')} at ${String(at)} is no byte of this file's encoding (windows-1252)`);
  return byte;
}

/** The bytes `encodeExportBytes` wrote, from the text of the element the page decoded as windows-1252. */
export function decodeExportBytes(text: string): Uint8Array<ArrayBuffer> {
  const table = (bytesByCode ??= byteTable());
  const out = new Uint8Array(text.length);
  let length = 0;
  for (let at = 0; at < text.length; at += 1) {
    let byte = byteAt(table, text, at);
    if (byte === ESCAPE) {
      byte = at + 1 < text.length ? byteAt(table, text, ++at) - SHIFT : -1;
      if (byte < 0) throw new Error(`the escape at ${String(at)} escapes no byte`);
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}
