import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWholeFile, type ReadableFile } from '../../src/fs/bounded-read.ts';
import { bytesOfLength, fsFailure, makeTempDir, removeTempDir } from './fs-test-support.ts';

const CAP = 1000;

let dir: string;
let filePath: string;
let handle: fs.FileHandle | undefined;

beforeEach(async () => {
  dir = await makeTempDir();
  filePath = path.join(dir, 'image.png');
});

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await removeTempDir(dir);
});

async function openFile(content: Uint8Array): Promise<fs.FileHandle> {
  await fs.writeFile(filePath, content);
  handle = await fs.open(filePath, 'r');
  return handle;
}

function read(file: ReadableFile, sizeHint: number, extra: { signal?: AbortSignal; chunkSize?: number } = {}) {
  return readWholeFile(file, {
    sizeHint,
    maxBytes: CAP,
    signal: extra.signal,
    displayPath: filePath,
    ...(extra.chunkSize === undefined ? {} : { chunkSize: extra.chunkSize }),
  });
}

/** A real file handle that runs `afterEachRead` once each read has completed. */
function observed(file: fs.FileHandle, afterEachRead: (length: number) => Promise<void> | void): ReadableFile {
  return {
    async read(buffer, offset, length, position) {
      const result = await file.read(buffer, offset, length, position);
      await afterEachRead(length);
      return result;
    },
  };
}

describe('readWholeFile', () => {
  it('returns a file of exactly the cap, byte for byte', async () => {
    const content = bytesOfLength(CAP);
    expect(Buffer.from(await read(await openFile(content), CAP))).toEqual(content);
  });

  it('returns an empty file as zero bytes', async () => {
    expect((await read(await openFile(new Uint8Array()), 0)).byteLength).toBe(0);
  });

  it('refuses a file one byte over the cap even when the stat said it fitted', async () => {
    const failure = await fsFailure(read(await openFile(bytesOfLength(CAP + 1)), CAP));
    expect(failure.code).toBe('FS_TOO_LARGE');
    expect(failure.message).toContain(filePath);
  });

  it('refuses a file that grew past the cap after its stat was taken', async () => {
    const file = await openFile(bytesOfLength(CAP));
    const sizeHint = (await fs.stat(filePath)).size;
    await fs.appendFile(filePath, bytesOfLength(10));

    expect((await fsFailure(read(file, sizeHint))).code).toBe('FS_TOO_LARGE');
  });

  it('refuses a file that grows past the cap while it is being read', async () => {
    const file = await openFile(bytesOfLength(CAP));
    let grown = false;
    const growing = observed(file, async () => {
      if (grown) return;
      grown = true;
      await fs.appendFile(filePath, bytesOfLength(1));
    });

    expect((await fsFailure(read(growing, CAP, { chunkSize: 100 }))).code).toBe('FS_TOO_LARGE');
    expect(grown).toBe(true);
  });

  it('returns the whole file when it grew after its stat but still fits the cap', async () => {
    const content = bytesOfLength(CAP - 1);
    expect(Buffer.from(await read(await openFile(content), 10, { chunkSize: 64 }))).toEqual(content);
  });

  it('reads a file that fits one chunk and probes its end at once: two reads in flight together', async () => {
    const content = bytesOfLength(CAP - 1);
    const file = await openFile(content);
    let inFlight = 0;
    let mostInFlight = 0;
    const requests: [offset: number, length: number][] = [];
    const watched: ReadableFile = {
      async read(buffer, offset, length, position) {
        requests.push([position, length]);
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        try {
          return await file.read(buffer, offset, length, position);
        } finally {
          inFlight--;
        }
      },
    };

    expect(Buffer.from(await read(watched, CAP - 1))).toEqual(content);
    expect(requests).toEqual([
      [0, CAP - 1],
      [CAP - 1, 1],
    ]);
    expect(mostInFlight).toBe(2);
  });

  it('never asks for more than cap + 1 bytes in all, one chunk at a time, however large the file', async () => {
    await fs.writeFile(filePath, '');
    await fs.truncate(filePath, 10 * 1024 ** 3);
    handle = await fs.open(filePath, 'r');
    const requests: number[] = [];
    const counted = observed(handle, (length) => {
      requests.push(length);
    });

    expect((await fsFailure(read(counted, 0, { chunkSize: 64 }))).code).toBe('FS_TOO_LARGE');
    expect(requests.reduce((sum, length) => sum + length, 0)).toBe(CAP + 1);
    expect(Math.max(...requests)).toBeLessThanOrEqual(64);
  });

  it('stops at the next chunk once the signal aborts mid-read', async () => {
    const file = await openFile(bytesOfLength(CAP));
    const controller = new AbortController();
    let reads = 0;
    const aborting = observed(file, () => {
      reads += 1;
      controller.abort();
    });

    const failure = await fsFailure(read(aborting, CAP, { signal: controller.signal, chunkSize: 100 }));
    expect(failure.code).toBe('FS_ABORTED');
    expect(failure.message).toContain(filePath);
    expect(reads).toBe(1);
  });

  it('reads nothing when the signal is already aborted', async () => {
    const file = await openFile(bytesOfLength(CAP));
    let reads = 0;
    const counted = observed(file, () => {
      reads += 1;
    });

    const failure = await fsFailure(read(counted, CAP, { signal: AbortSignal.abort() }));
    expect(failure.code).toBe('FS_ABORTED');
    expect(reads).toBe(0);
  });
});
