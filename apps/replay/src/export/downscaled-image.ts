import type { PageImage } from './export-page.ts';

/**
 * The image with its longer side at most `maxEdge` pixels, in its own format, when that makes it
 * smaller; else as it is (a small image, or one sharp cannot re-encode to less). sharp is loaded
 * only when `--max-edge` is given.
 */
export async function downscaledImage(image: PageImage, maxEdge: number): Promise<PageImage> {
  const { default: sharp } = await import('sharp');
  const input = sharp(image.data, { animated: true });
  const { width, height } = await input.metadata();
  if (Math.max(width, height) <= maxEdge) return image;
  const data = await input.resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true }).toBuffer();
  return data.byteLength < image.data.byteLength ? { ...image, data } : image;
}
