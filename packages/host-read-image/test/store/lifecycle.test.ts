import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as DecodeLimiterModule from '../../src/image/decode-limiter.ts';
import { InvalidOptionError } from '../../src/options/invalid-option-error.ts';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../../src/seams/attachment-store.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { decodeProbe } from '../support/decode-probe.ts';
import { attachmentFailure } from '../support/store-test-support.ts';
import { listTree, useTempDirs } from '../support/temp-workspace.ts';
import { noise, solid } from '../support/test-images.ts';

vi.mock('../../src/image/decode-limiter.ts', async (importOriginal) =>
  (await import('../support/decode-probe.ts')).probed(await importOriginal<typeof DecodeLimiterModule>()),
);

const tempDir = useTempDirs();

async function newStore(options: { decodeConcurrency?: number } = {}) {
  const dir = await tempDir();
  return { dir, store: new LocalAttachmentStore({ dir, ...options }) };
}

beforeEach(() => {
  decodeProbe.reset();
});

describe('limits option', () => {
  it('merges the given limits over the defaults', () => {
    const store = new LocalAttachmentStore({ dir: '/nonexistent', limits: { maxImageBytes: 1234 } });
    expect(store.imageLimits).toEqual({
      maxImageBytes: 1234,
      maxImagePixels: 64_000_000,
      maxImageDimension: 8192,
      normalizedImageMaxDimension: 2048,
      normalizedImageMaxBytes: 4 * 1024 * 1024,
    });
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects the limit value %s, naming the limit', (value) => {
    expect(() => new LocalAttachmentStore({ dir: '/nonexistent', limits: { maxImagePixels: value } })).toThrow(
      new InvalidOptionError('LocalAttachmentStore', 'limits.maxImagePixels', 'a positive integer', value),
    );
  });

  it('treats a limit given as undefined as not given', () => {
    const store = new LocalAttachmentStore({ dir: '/nonexistent', limits: { maxImageBytes: undefined } as unknown as Partial<ImageLimits> });
    expect(store.imageLimits.maxImageBytes).toBe(DEFAULT_IMAGE_LIMITS.maxImageBytes);
  });
});

describe('decode concurrency', () => {
  it.each([
    [undefined, 2],
    [1, 1],
  ])('with decodeConcurrency %s, runs at most %i full decodes at once', async (decodeConcurrency, expected) => {
    const { store } = await newStore(decodeConcurrency === undefined ? {} : { decodeConcurrency });
    const images = await Promise.all(Array.from({ length: 6 }, (_, index) => noise(200 + index, 200, 'png')));
    await Promise.all(images.map((data) => store.saveImage({ data })));
    expect(decodeProbe.entered).toBe(6);
    expect(decodeProbe.maxActive).toBe(expected);
  });
});

describe('abort', () => {
  it('refuses a save and a read whose signal is already aborted', async () => {
    const { dir, store } = await newStore();
    const signal = AbortSignal.abort();
    await attachmentFailure(store.saveImage({ data: await solid(4, 4, 'png') }, signal), 'ATTACHMENT_ABORTED');
    await attachmentFailure(store.readImage(`sha256:${'0'.repeat(64)}`, signal), 'ATTACHMENT_ABORTED');
    expect(await listTree(dir)).toEqual([]);
  });

  it('stores nothing when the save is aborted while it is under way', async () => {
    const { dir, store } = await newStore();
    const controller = new AbortController();
    const saving = store.saveImage({ data: await noise(64, 64, 'png') }, controller.signal);
    controller.abort();
    await attachmentFailure(saving, 'ATTACHMENT_ABORTED');
    expect(await listTree(dir)).toEqual([]);
  });

  it('leaves nothing in a used store when the save is aborted while the image decodes', async () => {
    const { dir, store } = await newStore();
    await store.saveImage({ data: await solid(4, 4, 'png') });
    const before = await listTree(dir);
    const controller = new AbortController();
    const saving = store.saveImage({ data: await noise(256, 256, 'png') }, controller.signal);
    while (decodeProbe.active === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await attachmentFailure(saving, 'ATTACHMENT_ABORTED');
    expect(await listTree(dir)).toEqual(before);
  });

  it.each([
    ['bytes that are no image (the next step would refuse them as INVALID_IMAGE)', () => Promise.resolve(Buffer.from('not an image at all'))],
    ['an image (the next steps would read its header, then decode it)', () => noise(64, 64, 'png')],
  ])('reports an abort during the index lookup at once, before anything else runs: %s', async (_, image) => {
    const { store } = await newStore();
    await store.saveImage({ data: await solid(4, 4, 'png') }); // the store is open: the lookup is the save's first step
    const data = await image();
    const controller = new AbortController();
    const saving = store.saveImage({ data }, controller.signal);
    controller.abort(); // the lookup is in flight
    await attachmentFailure(saving, 'ATTACHMENT_ABORTED');
    expect(decodeProbe.entered).toBe(1); // the first save's decode only
  });
});

describe('dispose', () => {
  it('refuses saves and reads afterwards', async () => {
    const { store } = await newStore();
    const ref = await store.saveImage({ data: await solid(4, 4, 'png') });
    store.dispose();
    await attachmentFailure(store.saveImage({ data: await solid(4, 4, 'png') }), 'ATTACHMENT_STORE_DISPOSED');
    await attachmentFailure(store.readImage(ref.attachmentId), 'ATTACHMENT_STORE_DISPOSED');
  });

  it('calls each listener once, skips unsubscribed ones, and calls late ones at once', async () => {
    const { store } = await newStore();
    const kept = vi.fn();
    const dropped = vi.fn();
    store.onDispose(kept);
    store.onDispose(dropped)();
    store.dispose();
    store.dispose();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
    const late = vi.fn();
    store.onDispose(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('calls every listener even when one throws, then reports the failure', async () => {
    const { store } = await newStore();
    const after = vi.fn();
    store.onDispose(() => {
      throw new Error('listener failed');
    });
    store.onDispose(after);
    expect(() => {
      store.dispose();
    }).toThrow(AggregateError);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('treats the same listener registered twice as two registrations', async () => {
    const { store } = await newStore();
    const listener = vi.fn();
    const unsubscribeFirst = store.onDispose(listener);
    store.onDispose(listener);
    unsubscribeFirst();
    store.dispose();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
