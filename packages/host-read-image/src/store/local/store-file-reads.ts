import { open } from 'node:fs/promises';

import { readWholeFile } from '../../fs/bounded-read.ts';
import { closeInBackground } from '../../fs/close-in-background.ts';

/**
 * Reads of the store's own files in the fewest thread-pool round trips: a warm save reads an
 * index entry and an object, and each round trip costs about as much as
 * the read itself for files this small.
 */

/**
 * Records this store writes (index entries, reference records) are a few hundred bytes. The
 * read buffer stays under half of Buffer.poolSize, so it is a slice of the shared pool rather
 * than an allocation of its own (that allocation showed in the warm path's CPU profile).
 */
export const RECORD_MAX_BYTES = 2047;

/**
 * A record file's text in one read. A file over RECORD_MAX_BYTES is not a record this store
 * wrote and fails without being read further. (On a file system that cuts reads short, a
 * record comes back as a prefix of its compact JSON, which does not parse: damage, never a
 * different record.)
 */
export async function readRecordFile(filePath: string): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(RECORD_MAX_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > RECORD_MAX_BYTES) throw new Error(`${filePath} is larger than any record this store writes.`);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    closeInBackground(handle);
  }
}

/**
 * The file's bytes, in one read when it is `expectedBytes` long; a file longer than `maxBytes`
 * fails (FS_TOO_LARGE) after reading at most one byte more, so it never reads as the expected one.
 */
export async function readExpectedLength(filePath: string, expectedBytes: number, maxBytes = expectedBytes): Promise<Uint8Array> {
  const handle = await open(filePath, 'r');
  try {
    return await readWholeFile(handle, { sizeHint: expectedBytes, maxBytes, signal: undefined, displayPath: filePath });
  } finally {
    closeInBackground(handle);
  }
}
