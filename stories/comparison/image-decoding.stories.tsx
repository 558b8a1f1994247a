import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect } from 'storybook/test';
// The comparison's decoder is internal to the package (no entry exports it): this checks it in Chromium itself.
import { decodeImage } from '../../packages/ui-tool-image/src/model/image-diff/decoded-image';
import { drawingCanvas, encodedBlob } from '../support/canvas-image';

const WHOLE = { bandPixels: Number.POSITIVE_INFINITY };

/** Colour and alpha varying over the image: translucent pixels are where a decoder's rounding shows. */
async function drawnImage(width: number, height: number, mediaType: string): Promise<Blob> {
  const { canvas, context } = drawingCanvas(width, height);
  const image = context.createImageData(width, height);
  for (let index = 0; index < width * height; index += 1)
    image.data.set([(index * 13) % 256, (index * 7) % 256, (index * 3) % 256, (index * 5) % 256], index * 4);
  context.putImageData(image, 0, 0);
  context.fillStyle = 'rgb(200 40 90 / 0.6)';
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return encodedBlob(canvas, mediaType);
}

/** The image's pixels the way the comparison read them before WebCodecs: a bitmap drawn on a canvas, read back. */
async function canvasPixels(blob: Blob, width: number, height: number): Promise<Uint8ClampedArray> {
  const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return context.getImageData(0, 0, width, height).data;
}

function DecodingCheck(): ReactNode {
  return <p>The comparison decodes images with WebCodecs to the same pixels as a canvas.</p>;
}

const meta = {
  title: 'Comparison/Image decoding',
  component: DecodingCheck,
  tags: ['!screenshot'],
} satisfies Meta<typeof DecodingCheck>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SamePixelsAsACanvas: Story = {
  play: async ({ step }) => {
    await step('this Chromium has WebCodecs: the checks below take the new way, not the fallback', async () => {
      await expect(typeof ImageDecoder).toBe('function');
    });
    await step('a PNG: whole, in bands, and scaled down, the same bytes as the canvas', async () => {
      const blob = await drawnImage(61, 37, 'image/png');
      const image = await decodeImage(blob);
      try {
        await expect(image).toMatchObject({ size: { width: 61, height: 37 }, direct: true });
        const whole = await image.pixels(image.size, Number.POSITIVE_INFINITY, WHOLE);
        await expect(whole).toEqual(await canvasPixels(blob, 61, 37));
        await expect(await image.pixels(image.size, 5, WHOLE)).toEqual(whole);
        await expect(await image.pixels({ width: 30, height: 18 }, 4, WHOLE)).toEqual(await canvasPixels(blob, 30, 18));
      } finally {
        image.close();
      }
    });
    await step('a JPEG takes the canvas way (its YUV pixels are not always the same from both decoders)', async () => {
      const image = await decodeImage(await drawnImage(61, 37, 'image/jpeg'));
      await expect(image.direct).toBe(false);
      image.close();
    });
  },
};
