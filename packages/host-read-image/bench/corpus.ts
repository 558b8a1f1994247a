import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import sharp, { type Sharp } from 'sharp';

import { flatPng } from '../test/support/test-images.ts';

export interface CorpusCase {
  readonly name: string;
  readonly file: string;
  /** Pixel bombs are only measured for refusal; their decode floor would cost ~400 MiB. */
  readonly refusal: boolean;
  /** The target for cold read_image against the peer pipeline, for the files it names. */
  readonly coldVsPeerTarget?: number;
}

/** Issue 12's targets for the named files: a bare resize is the bar, validation and storage should cost next to nothing. */
const COLD_VS_PEER_TARGETS: Readonly<Record<string, number>> = {
  'photo-12mp.jpg': 1.1,
  'screenshot-4k.png': 1.1,
  'noise-20mib.png': 1.3,
};

/** Photo-like content: blurred noise compresses like a photo, not like a flat fill. */
async function photoLike(width: number, height: number): Promise<Sharp> {
  const small = await sharp(randomBytes(Math.ceil(width / 8) * Math.ceil(height / 8) * 3), {
    raw: { width: Math.ceil(width / 8), height: Math.ceil(height / 8), channels: 3 },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).blur(1.2);
}

/** A screenshot-like frame: flat background with many flat bars (UI chrome and text lines). */
function screenshotLike(width: number, height: number): Sharp {
  const bars = Array.from({ length: 60 }, (_, i) => ({
    input: {
      create: { width: Math.max(40, width - 200 - ((i * 37) % 900)), height: 18, channels: 3 as const, background: i % 3 ? '#334155' : '#2563eb' },
    },
    top: 40 + i * 34,
    left: 60 + (i % 4) * 12,
  }));
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite(bars);
}

async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ef4444', '#22c55e', '#3b82f6', '#eab308'].map((colour) =>
      sharp({ create: { width: 480, height: 270, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** Noise PNG just under the 20 MiB source limit: the largest file the tool accepts. */
async function twentyMebibytePng(): Promise<Buffer> {
  const side = 2560;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export async function writeCorpus(dir: string): Promise<CorpusCase[]> {
  const at = (name: string) => path.join(dir, name);
  await writeFile(at('photo-12mp.jpg'), await (await photoLike(4000, 3000)).jpeg({ quality: 88 }).toBuffer());
  await writeFile(at('screenshot-4k.png'), await screenshotLike(3840, 2160).png().toBuffer());
  await writeFile(at('frame-1080p.webp'), await (await photoLike(1920, 1080)).webp({ quality: 82 }).toBuffer());
  await writeFile(at('animated.gif'), await animatedGif());
  await writeFile(at('tiny.png'), await screenshotLike(64, 64).png().toBuffer());
  await writeFile(at('noise-20mib.png'), await twentyMebibytePng());
  await writeFile(at('bomb-400mp.png'), flatPng(20000, 20000));
  return ['photo-12mp.jpg', 'screenshot-4k.png', 'frame-1080p.webp', 'animated.gif', 'tiny.png', 'noise-20mib.png', 'bomb-400mp.png'].map((name) => {
    const target = COLD_VS_PEER_TARGETS[name];
    return { name, file: at(name), refusal: name.startsWith('bomb'), ...(target === undefined ? {} : { coldVsPeerTarget: target }) };
  });
}
