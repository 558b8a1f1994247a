import { parseJson, parseStoredRef, type StoredRef } from '../stored-ref.ts';
import { RECORD_MAX_BYTES } from './store-file-reads.ts';

/**
 * An object in one file, so that saving it is one durable file write: its reference record
 * (compact JSON, which never holds a raw newline), a newline, then the image bytes. A reader
 * serves it from one open and read. A torn or damaged file fails the checks every read makes:
 * a cut in the record leaves no newline or JSON that does not parse, a cut or change in the
 * bytes fails their digest, and the record names the digest and length of the bytes it goes with.
 */
const SEPARATOR = 0x0a;

export function objectFileContent(ref: StoredRef, image: Uint8Array): Buffer {
  const record = Buffer.from(`${JSON.stringify(ref)}\n`);
  return Buffer.concat([record, image], record.length + image.length);
}

/** The size of the file objectFileContent makes. */
export function objectFileSize(ref: StoredRef): number {
  return Buffer.byteLength(JSON.stringify(ref)) + 1 + ref.bytes;
}

/** The largest object file that can hold `bytes` of image. */
export function objectFileMaxSize(bytes: number): number {
  return RECORD_MAX_BYTES + 1 + bytes;
}

export interface ObjectFileParts {
  /** undefined when the record is damaged. */
  readonly ref: StoredRef | undefined;
  readonly image: Uint8Array;
}

/** The record and image bytes of an object file, or undefined when no record ends within RECORD_MAX_BYTES. */
export function objectFileParts(content: Uint8Array): ObjectFileParts | undefined {
  const end = content.subarray(0, RECORD_MAX_BYTES + 1).indexOf(SEPARATOR);
  if (end < 0) return undefined;
  const record = Buffer.from(content.buffer, content.byteOffset, end).toString('utf8');
  return { ref: parseStoredRef(parseJson(record)), image: content.subarray(end + 1) };
}
