import { crc32 } from 'node:zlib';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { headerFromBytes } from '../../src/image/byte-header.ts';
import { headerFromSharp, type ImageHeader } from '../../src/image/image-header.ts';
import { sniffImageMediaType } from '../../src/image/sniff-media-type.ts';
import { animated, cmykJpeg, displayP3Png, flatPng, orientedJpeg, pngWithMetadata, sixteenBitPng, solid, truncated } from '../support/test-images.ts';

function sniffed(data: Uint8Array) {
  const mediaType = sniffImageMediaType(data);
  if (mediaType === undefined) throw new Error('test image not sniffed');
  return mediaType;
}

/** What sharp reads, less isPlain for a GIF (never passed through, so byte-header.ts does not read it). */
function comparable(header: ImageHeader) {
  return header.mediaType === 'image/gif' ? { ...header, isPlain: 'not read' } : header;
}

/** A GIF made by sharp with its logical screen rewritten (frames untouched). */
async function gifWithScreen(width: number, height: number, frame = solid(8, 6, 'gif')): Promise<Buffer> {
  const data = Buffer.from(await frame);
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return data;
}

/** A PNG made by sharp with one more chunk before IEND. */
async function pngWithChunk(type: string): Promise<Buffer> {
  const data = await solid(5, 4, 'png');
  const body = Buffer.from(`${type}Comment\0hello`, 'latin1');
  const chunk = Buffer.concat([Buffer.alloc(4), body, Buffer.alloc(4)]);
  chunk.writeUInt32BE(body.length - 4, 0);
  chunk.writeUInt32BE(crc32(body), chunk.length - 4);
  return Buffer.concat([data.subarray(0, data.length - 12), chunk, data.subarray(data.length - 12)]);
}

const rgb = (channels: 3 | 4) => sharp({ create: { width: 7, height: 3, channels, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } });

describe('headers read from the bytes', () => {
  it.each([
    ['an RGB PNG', () => rgb(3).png().toBuffer()],
    ['an RGBA PNG', () => rgb(4).png().toBuffer()],
    ['a palette PNG', () => rgb(3).png({ palette: true }).toBuffer()],
    ['a grey PNG', () => rgb(3).greyscale().png().toBuffer()],
    ['a grey PNG with alpha', () => rgb(4).greyscale().png().toBuffer()],
    ['an interlaced PNG', () => rgb(3).png({ progressive: true }).toBuffer()],
    ['a hand-built flat PNG', () => Promise.resolve(flatPng(300, 200))],
    ['a one-frame GIF', () => solid(9, 5, 'gif')],
    ['an animated GIF', () => animated('gif')],
    ['a GIF of a screen size libnsgif distrusts', () => solid(640, 480, 'gif')],
    ['a GIF wider than 2048 px', () => solid(2100, 10, 'gif')],
  ] as [string, () => Promise<Buffer>][])('reads %s as sharp does', async (_label, make) => {
    const data = await make();
    const fromBytes = headerFromBytes(data, sniffed(data));
    expect(fromBytes && comparable(fromBytes)).toEqual(comparable(await headerFromSharp(data, sniffed(data))));
  });

  it.each([
    ['a JPEG', () => solid(4, 4, 'jpeg')],
    ['an EXIF-oriented JPEG', orientedJpeg],
    ['a CMYK JPEG', cmykJpeg],
    ['a WebP', () => solid(4, 4, 'webp')],
    ['a 16-bit PNG', sixteenBitPng],
    ['a PNG with an ICC profile', displayP3Png],
    ['a PNG with a profile and EXIF', pngWithMetadata],
    ['a PNG with a text chunk', () => pngWithChunk('tEXt')],
    ['a PNG with an unknown chunk', () => pngWithChunk('zzZz')],
    ['a truncated PNG', async () => truncated(await solid(40, 30, 'png'))],
    ['a PNG with bytes after IEND', async () => Buffer.concat([await solid(4, 4, 'png'), Buffer.from([0])])],
    ['a GIF whose first frame overflows its screen', () => gifWithScreen(4, 3)],
    ['a GIF whose screen is larger than its first frame', () => gifWithScreen(640, 480)],
    ['a GIF with no frame', async () => Buffer.concat([(await solid(4, 4, 'gif')).subarray(0, 13), Buffer.from([0x3b])])],
    ['a truncated GIF', async () => truncated(await animated('gif'))],
  ] as [string, () => Promise<Buffer>][])('leaves %s to sharp', async (_label, make) => {
    const data = await make();
    expect(headerFromBytes(data, sniffed(data))).toBeUndefined();
  });

  it('leaves to sharp a GIF that libvips sizes otherwise than its screen says', async () => {
    const data = await gifWithScreen(4, 3);
    expect((await headerFromSharp(data, 'image/gif')).width).not.toBe(4);
  });
});
