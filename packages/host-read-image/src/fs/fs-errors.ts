import type { Stats } from 'node:fs';
import { FsError } from '../seams/file-system.ts';

export function throwIfAborted(signal: AbortSignal | undefined, displayPath: string): void {
  if (signal?.aborted === true) {
    throw new FsError('FS_ABORTED', `Reading ${displayPath} was cancelled.`, { cause: signal.reason });
  }
}

export function tooLargeError(displayPath: string, maxBytes: number, size?: number): FsError {
  const actual = size === undefined ? 'more than' : `${size} bytes, over`;
  return new FsError('FS_TOO_LARGE', `${displayPath} is ${actual} the limit of ${maxBytes} bytes.`);
}

export function assertRegularFile(stats: Stats, displayPath: string): void {
  if (!stats.isFile()) {
    throw new FsError('FS_NOT_REGULAR_FILE', `${displayPath} is ${describeKind(stats)}, not a regular file.`);
  }
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}

export function errnoCode(error: unknown): string | undefined {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

export function isMissingPathError(error: unknown): boolean {
  const code = errnoCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Passes FsErrors through and turns any other failure (an errno error) into one. */
export function toFsError(error: unknown, displayPath: string): FsError {
  if (error instanceof FsError) return error;
  if (isMissingPathError(error)) {
    return new FsError('FS_NOT_FOUND', `File not found: ${displayPath}`, { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new FsError('FS_READ_FAILED', `Could not read ${displayPath}: ${reason}`, { cause: error });
}
