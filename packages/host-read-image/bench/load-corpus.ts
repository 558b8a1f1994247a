import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { animated, cmykJpeg, displayP3Png, flatPng, noise, orientedJpeg, sixteenBitPng, solid, truncated } from '../test/support/test-images.ts';

/** One file of the shared-store load: what `read_image` must answer for it. */
export interface LoadFile {
  readonly name: string;
  /** The refusal's error code, or undefined when the file must be stored. */
  readonly refusal?: string;
}

/** A gradient-and-noise frame: compresses like a photo, decodes at a realistic cost. */
function photo(width: number, height: number, seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 47) % 256, g: (seed * 89) % 256, b: 128 },
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .blur(1.5)
    .png()
    .toBuffer();
}

/**
 * 40 files in mixed formats, 8 of them (20 %) refused for different reasons: clean PNGs that
 * pass through, large frames that are downscaled, oriented, 16-bit, CMYK and P3 images that are
 * re-encoded, animated GIF/WebP, and the refusals.
 */
export async function writeLoadCorpus(dir: string): Promise<LoadFile[]> {
  const files: { name: string; data: Buffer | string; refusal?: string }[] = [];
  for (let i = 0; i < 8; i++)
    files.push({
      name: `png-${i}.png`,
      data: await sharp(await photo(300 + i * 90, 200 + i * 60, i))
        .png()
        .toBuffer(),
    });
  for (let i = 0; i < 8; i++)
    files.push({
      name: `jpeg-${i}.jpg`,
      data: await sharp(await photo(500 + i * 260, 400 + i * 170, i + 10))
        .jpeg({ quality: 85 })
        .toBuffer(),
    });
  for (let i = 0; i < 5; i++)
    files.push({
      name: `webp-${i}.webp`,
      data: await sharp(await photo(400 + i * 150, 300 + i * 100, i + 20))
        .webp({ quality: 80 })
        .toBuffer(),
    });
  for (let i = 0; i < 3; i++) files.push({ name: `gif-${i}.gif`, data: await solid(120 + i * 40, 80, 'gif', ['#ff0000', '#00ff00', '#0000ff'][i]) });
  files.push(
    { name: 'animated.gif', data: await animated('gif') },
    { name: 'animated.webp', data: await animated('webp') },
    { name: 'oriented.jpg', data: await orientedJpeg() },
    { name: 'cmyk.jpg', data: await cmykJpeg() },
    { name: 'sixteen-bit.png', data: await sixteenBitPng() },
    { name: 'display-p3.png', data: await displayP3Png() },
    {
      name: 'wide-2600.png',
      data: await sharp(await photo(2600, 900, 30))
        .png()
        .toBuffer(),
    },
    { name: 'noise.png', data: await noise(500, 500, 'png') },
    { name: 'truncated.png', data: truncated(await noise(400, 300, 'png')), refusal: 'INVALID_IMAGE' },
    { name: 'text.png', data: 'not an image at all', refusal: 'INVALID_IMAGE' },
    { name: 'empty.png', data: '', refusal: 'INVALID_IMAGE' },
    { name: 'png-named.jpg', data: await solid(40, 40, 'png'), refusal: 'IMAGE_TYPE_MISMATCH' },
    { name: 'vector.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"/>', refusal: 'UNSUPPORTED_IMAGE_EXTENSION' },
    { name: 'scan.tiff', data: await solid(20, 20, 'tiff'), refusal: 'UNSUPPORTED_IMAGE_EXTENSION' },
    { name: 'too-wide.png', data: flatPng(9000, 100), refusal: 'IMAGE_DIMENSION_TOO_LARGE' },
    { name: 'too-many-pixels.png', data: flatPng(8000, 8100), refusal: 'IMAGE_TOO_MANY_PIXELS' },
  );
  await Promise.all(files.map((file) => writeFile(path.join(dir, file.name), file.data)));
  return files.map(({ name, refusal }) => (refusal === undefined ? { name } : { name, refusal }));
}
