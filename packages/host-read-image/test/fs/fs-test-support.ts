import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FsError } from '../../src/seams/file-system.ts';

/** A fresh real directory under the OS temp dir, realpath'd so expectations compare equal. */
export async function makeTempDir(): Promise<string> {
  return fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolcard-fs-')));
}

export async function removeTempDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}

export async function fsFailure(operation: Promise<unknown>): Promise<FsError> {
  try {
    await operation;
  } catch (error) {
    if (error instanceof FsError) return error;
    throw error;
  }
  throw new Error('expected an FsError, but the operation succeeded');
}

export function bytesOfLength(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => index % 251));
}
