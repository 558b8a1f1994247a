import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import { AttachmentError, LocalAttachmentStore, type AttachmentStore } from '@toolcard/host-read-image';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import { PendingImages } from '../src/server/spool/pending-images.ts';
import { corruptPng, imageBytes, pngDeclaring } from './support/inline-images.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const opened: { pending: PendingImages; store: LocalAttachmentStore }[] = [];
afterEach(async () => {
  for (const { pending, store } of opened.splice(0)) {
    await pending.close();
    store.dispose();
  }
});

/** A real store that counts the saves it is asked for. */
function countingSaves(real: AttachmentStore, counts: { saves: number }): AttachmentStore {
  return {
    imageLimits: real.imageLimits,
    saveImage: (input, signal) => {
      counts.saves += 1;
      return real.saveImage(input, signal);
    },
    readImage: (id, signal) => real.readImage(id, signal),
    onDispose: (listener) => real.onDispose(listener),
  };
}

async function pendingImages() {
  const dir = await tempDir();
  const store = new LocalAttachmentStore({ dir: path.join(dir, 'store') });
  const counts = { saves: 0 };
  const heldDir = path.join(dir, 'pending');
  const pending = await PendingImages.create(countingSaves(store, counts), heldDir);
  opened.push({ pending, store });
  /** Holds `data` and waits for its bytes to be on disk (a validation waits for them itself). */
  async function held(data: Buffer) {
    const ref = await pending.hold(data, sha256(data));
    await expect.poll(async () => (await readdir(heldDir)).length).toBeGreaterThan(0);
    return ref;
  }
  return { pending, store, counts, heldDir, held };
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const screenshot = await imageBytes('png', '#d00000', 64, 48);

describe('PendingImages: holding costs a write, no decode', () => {
  it('answers the reference from the header, writes the bytes once, and asks nothing of the store', async () => {
    const { pending, store, counts, heldDir, held } = await pendingImages();
    const ref = await held(screenshot);
    expect(ref).toEqual({ attachmentId: `sha256:${sha256(screenshot)}`, mediaType: 'image/png', bytes: screenshot.length, width: 64, height: 48 });
    expect(await pending.hold(screenshot, sha256(screenshot))).toEqual(ref);
    expect(await readdir(heldDir)).toEqual([sha256(screenshot)]);
    expect(await readFile(path.join(heldDir, sha256(screenshot)))).toEqual(screenshot);
    expect(counts.saves).toBe(0);
    await expect(store.readImage(ref?.attachmentId ?? '')).rejects.toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' });
  });

  it('holds nothing whose header names no image (the caller asks the store at once)', async () => {
    const { pending, heldDir } = await pendingImages();
    expect(await pending.hold(corruptPng(), sha256(corruptPng()))).toBeUndefined();
    expect(await readdir(heldDir)).toEqual([]);
  });
});

describe('PendingImages: the store validates on the first request', () => {
  it('stores the image through saveImage, once for requests that come together and once for every later one', async () => {
    const { pending, store, counts, held } = await pendingImages();
    const ref = await held(screenshot);
    const id = ref?.attachmentId ?? '';
    const [first, second] = await Promise.all([pending.validated(id), pending.validated(id)]);
    expect(first).toMatchObject({ kind: 'stored', ref: { attachmentId: id, width: 64, height: 48 } });
    expect(second).toBe(first);
    expect(await pending.validated(id)).toBe(first);
    expect(counts.saves).toBe(1);
    expect(Buffer.from((await store.readImage(id)).data)).toEqual(screenshot);
  });

  it('a GIF is stored re-encoded: the verdict names the object the store made, under another id', async () => {
    const { pending, store, held } = await pendingImages();
    const gif = await imageBytes('gif', '#00a040', 20, 10);
    const ref = await held(gif);
    const validation = await pending.validated(ref?.attachmentId ?? '');
    expect(validation?.kind).toBe('stored');
    const stored = validation?.kind === 'stored' ? validation.ref : undefined;
    expect(stored?.mediaType).toBe('image/png');
    expect(stored?.attachmentId).not.toBe(ref?.attachmentId);
    expect(await sharp(Buffer.from((await store.readImage(stored?.attachmentId ?? '')).data)).metadata()).toMatchObject({
      format: 'png',
      width: 20,
      height: 10,
    });
  });

  it.each([
    [
      'a decompression bomb (a tiny PNG declaring 30000×30000 px)',
      pngDeclaring(30_000, 30_000),
      'IMAGE_DIMENSION_TOO_LARGE',
      'The image is 30000x30000 px; each side may be at most 8192 px.',
    ],
    [
      'a "PNG" whose header is whole and whose pixels are not there',
      pngDeclaring(100, 100),
      'INVALID_IMAGE',
      'The image could not be decoded; it is truncated or corrupt.',
    ],
  ])('%s: held at once, refused by the store on request, the refusal remembered', async (_name, bytes, code, message) => {
    const { pending, store, counts, held } = await pendingImages();
    const ref = await held(bytes);
    expect(ref?.mediaType).toBe('image/png');
    const validation = await pending.validated(ref?.attachmentId ?? '');
    expect(validation?.kind === 'refused' && validation.error instanceof AttachmentError).toBe(true);
    expect(validation?.kind === 'refused' ? { code: validation.error.code, message: validation.error.message } : undefined).toEqual({ code, message });
    expect(await pending.validated(ref?.attachmentId ?? '')).toBe(validation);
    expect(counts.saves).toBe(1);
    await expect(store.readImage(ref?.attachmentId ?? '')).rejects.toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' });
  });

  it('an id it holds nothing under is not its to answer', async () => {
    const { pending, counts } = await pendingImages();
    expect(await pending.validated(`sha256:${'0'.repeat(64)}`)).toBeUndefined();
    expect(await pending.validated('inline:whatever')).toBeUndefined();
    expect(counts.saves).toBe(0);
  });

  it('a store that fails to write is not a verdict: the next request asks the store again', async () => {
    const dir = await tempDir();
    const real = new LocalAttachmentStore({ dir: path.join(dir, 'store') });
    let failures = 1;
    const failingOnce: AttachmentStore = {
      imageLimits: real.imageLimits,
      saveImage: (input, signal) => (failures-- > 0 ? Promise.reject(new Error('disk went away')) : real.saveImage(input, signal)),
      readImage: (id, signal) => real.readImage(id, signal),
      onDispose: (listener) => real.onDispose(listener),
    };
    const pending = await PendingImages.create(failingOnce, path.join(dir, 'pending'));
    opened.push({ pending, store: real });
    const ref = await pending.hold(screenshot, sha256(screenshot));
    await expect(pending.validated(ref?.attachmentId ?? '')).rejects.toThrow('disk went away');
    expect(await pending.validated(ref?.attachmentId ?? '')).toMatchObject({ kind: 'stored' });
  });

  it('bytes that could not be written: the next hold throws why, once, and the image is not answered as held', async () => {
    const { pending, heldDir } = await pendingImages();
    await rm(heldDir, { recursive: true });
    const ref = await pending.hold(screenshot, sha256(screenshot));
    // The validation waits for the write, which failed: nothing is held under the id.
    expect(await pending.validated(ref?.attachmentId ?? '')).toBeUndefined();
    const other = await imageBytes('png', '#0040d0', 32, 32);
    await expect(pending.hold(other, sha256(other))).rejects.toMatchObject({ code: 'ENOENT' });
    await mkdir(heldDir);
    expect(await pending.hold(other, sha256(other))).toMatchObject({ width: 32, height: 32 });
  });
});
