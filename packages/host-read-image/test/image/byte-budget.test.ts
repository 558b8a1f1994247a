import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { inFormat } from '../../src/image/frame-encoder.ts';
import type { ImageLimits } from '../../src/seams/attachment-store.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { storedImageBytes } from '../support/local-store-objects.ts';
import { attachmentFailure, hexOf } from '../support/store-test-support.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { checkerboard, noise, solid } from '../support/test-images.ts';

const tempDir = useTempDirs();

/**
 * Watches the real sharp (spies call through): every encode the store runs chooses its format
 * with one of these calls, and every decode to raw pixels calls `raw`.
 */
const pipeline = sharp.prototype as Sharp;
const encoders = ['png', 'jpeg', 'webp'] as const;
type Watched = (typeof encoders)[number] | 'raw';
const spies = new Map<Watched, MockInstance>();
beforeEach(() => {
  for (const method of [...encoders, 'raw'] as const) spies.set(method, vi.spyOn(pipeline, method));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function callsOf(method: Watched): number {
  return spies.get(method)?.mock.calls.length ?? Number.NaN;
}

/** Saves `data` (made before the count starts) and returns the reference, the stored bytes and what sharp ran. */
async function save(data: Uint8Array, limits: Partial<ImageLimits>) {
  const dir = await tempDir();
  const store = new LocalAttachmentStore({ dir, limits });
  vi.clearAllMocks();
  const ref = await store.saveImage({ data });
  const stored = await storedImageBytes(dir, hexOf(ref.attachmentId));
  const encodes = encoders.reduce((sum, method) => sum + callsOf(method), 0);
  return { ref, stored, encodes, rawDecodes: callsOf('raw') };
}

describe('encodes per read', () => {
  it('passes a clean source through with a decode and no encode', async () => {
    const { ref, encodes, rawDecodes } = await save(await solid(40, 30, 'png'), {});
    expect(ref).toMatchObject({ width: 40, height: 30 });
    expect({ encodes, rawDecodes }).toEqual({ encodes: 0, rawDecodes: 1 });
  });

  it('encodes an image that fits the budget once, straight from the decoder (no raw pixels)', async () => {
    const { ref, encodes, rawDecodes } = await save(await solid(300, 150, 'jpeg'), { normalizedImageMaxDimension: 100 });
    expect(ref).toMatchObject({ mediaType: 'image/jpeg', width: 100, height: 50 });
    expect({ encodes, rawDecodes }).toEqual({ encodes: 1, rawDecodes: 0 });
  });

  it.each(['png', 'jpeg'] as const)('fits a noise %s far over the budget in two encodes: the second at the size the first predicts', async (format) => {
    const source = await noise(600, 600, format);
    const full = await inFormat(sharp(source), `image/${format}`).toBuffer();
    const budget = Math.floor(full.length / 3);
    const { ref, stored, encodes, rawDecodes } = await save(source, { normalizedImageMaxBytes: budget });
    expect(stored.length).toBeLessThanOrEqual(budget);
    expect(ref).toMatchObject({ bytes: stored.length, originalDimensions: { width: 600, height: 600 } });
    // Bytes scale with pixels: a third of the bytes is about 0.58 of the side; the 0.75 steps would take three more encodes.
    expect(ref.width).toBeGreaterThan(300);
    expect(ref.width).toBeLessThan(600 * 0.6);
    expect({ encodes, rawDecodes }).toEqual({ encodes: 2, rawDecodes: 0 });
  });

  it('falls back to stepping down from decoded pixels when the predicted size still does not fit, and ends within the budget', async () => {
    // The checkerboard at a predicted ~300 px aliases into ripples several times its full-size bytes.
    const { ref, stored, encodes, rawDecodes } = await save(await checkerboard(400), { normalizedImageMaxBytes: 2000 });
    expect(stored.length).toBeLessThanOrEqual(2000);
    expect(ref.bytes).toBe(stored.length);
    expect(encodes).toBeGreaterThan(2);
    expect(rawDecodes).toBe(1);
  });

  it('never shrinks below the 0.1 of the long edge the 0.75 steps reach, even where the prediction would fit', async () => {
    // 200 px stepped by 0.75 eight times ends at 19 px (~650 bytes of noise); the prediction from ~110 kB says 13 px (~330 bytes).
    const error = await attachmentFailure(save(await noise(200, 200, 'png'), { normalizedImageMaxBytes: 600 }), 'IMAGE_TOO_LARGE');
    expect(error.message).toContain('downscaled to 19x19 px');
    expect(error.details.limit).toBe(600);
  });
});
