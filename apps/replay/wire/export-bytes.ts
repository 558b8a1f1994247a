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

/** The byte each character of a windows-1252 document stands for (0x80–0x9F are decoded to other code points: € ‚ ƒ …). */
let byteOfCharacter: Map<number, number> | undefined;

function byteOf(code: number): number {
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  if (byteOfCharacter === undefined) {
    const high = new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 32 }, (_, at) => 0x80 + at));
    byteOfCharacter = new Map(Array.from({ length: 32 }, (_, at) => [high.charCodeAt(at), 0x80 + at]));
  }
  const byte = byteOfCharacter.get(code);
  if (byte === undefined) throw new Error(`U+${code.toString(16)} is no byte of a windows-1252 document`);
  return byte;
}

/** The bytes `encodeExportBytes` wrote, from the text of the element the page decoded as windows-1252. */
export function decodeExportBytes(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length);
  let length = 0;
  for (let at = 0; at < text.length; at += 1) {
    const byte = byteOf(text.charCodeAt(at));
    out[length++] = byte === ESCAPE ? byteOf(text.charCodeAt(++at)) - SHIFT : byte;
  }
  return out.subarray(0, length);
}
