import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipped = promisify(gzip);

/** A session's log as an exported page carries it: gzipped, and how long it is as text. */
export interface PageLog {
  readonly gzip: Uint8Array;
  /** The log's own UTF-8 bytes. */
  readonly bytes: number;
}

/**
 * The log gzipped off the thread (a server's Export link keeps answering): a log's JSON lines repeat
 * their keys and ids, so it shrinks to about a tenth, which keeps the file within the images' bytes
 * plus 10 % plus the viewer (issue 22 §3); the page reads it back with `DecompressionStream`.
 */
export async function compressedLog(text: string): Promise<PageLog> {
  const bytes = Buffer.from(text, 'utf8');
  return { gzip: await gzipped(bytes), bytes: bytes.byteLength };
}
