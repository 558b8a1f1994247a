import { createRequire } from 'node:module';

/** sharp is the host package's dependency, not the root's: the bench borrows it from there. */
interface SharpPipeline {
  png(): { toBuffer(): Promise<Buffer> };
  ensureAlpha(): { raw(): { toBuffer(): Promise<Buffer> } };
}
const sharp = createRequire(new URL('../../packages/host-read-image/package.json', import.meta.url))('sharp') as (input: Buffer) => SharpPipeline;

export const SCREENSHOT_WIDTH = 3840;
export const SCREENSHOT_HEIGHT = 2160;

/** Where the second screenshot differs from the first: a dialog drawn over the page, in CSS pixels. */
export const CHANGED_REGION = { x: 2200, y: 600, width: 1200, height: 700 } as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&]/g, (char) => (char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&amp;'));
}

/** A 4K page-like screenshot: a sidebar, rows of text, cards; `changed` adds a dialog and moves a card. */
function screenshotSvg(changed: boolean): string {
  const parts: string[] = [`<rect width="${String(SCREENSHOT_WIDTH)}" height="${String(SCREENSHOT_HEIGHT)}" fill="#f6f7f9"/>`];
  parts.push('<rect width="560" height="2160" fill="#1f2933"/>');
  for (let row = 0; row < 30; row += 1) {
    const y = 120 + row * 64;
    parts.push(
      `<text x="60" y="${String(y)}" font-family="Liberation Sans, sans-serif" font-size="30" fill="#e4e7eb">${escapeXml(`Menu item ${String(row + 1)}`)}</text>`,
    );
  }
  for (let card = 0; card < 12; card += 1) {
    const x = 640 + (card % 4) * 780 + (changed && card === 1 ? 40 : 0);
    const y = 160 + Math.floor(card / 4) * 640;
    parts.push(`<rect x="${String(x)}" y="${String(y)}" width="720" height="560" rx="18" fill="#ffffff" stroke="#cbd2d9" stroke-width="3"/>`);
    parts.push(`<circle cx="${String(x + 110)}" cy="${String(y + 120)}" r="64" fill="hsl(${String(card * 30)} 60% 55%)"/>`);
    for (let line = 0; line < 8; line += 1) {
      const text = `Card ${String(card + 1)} line ${String(line + 1)}: the quick brown fox jumps over the lazy dog`;
      parts.push(
        `<text x="${String(x + 40)}" y="${String(y + 240 + line * 38)}" font-family="Liberation Sans, sans-serif" font-size="24" fill="#323f4b">${escapeXml(text)}</text>`,
      );
    }
  }
  if (changed) {
    const { x, y, width, height } = CHANGED_REGION;
    parts.push(
      `<rect x="${String(x)}" y="${String(y)}" width="${String(width)}" height="${String(height)}" rx="24" fill="#fff7e6" stroke="#d97706" stroke-width="6"/>`,
    );
    parts.push(
      `<text x="${String(x + 60)}" y="${String(y + 140)}" font-family="Liberation Sans, sans-serif" font-size="64" fill="#92400e">Unsaved changes</text>`,
      `<text x="${String(x + 60)}" y="${String(y + 260)}" font-family="Liberation Sans, sans-serif" font-size="36" fill="#78350f">Your edits will be lost if you leave this page.</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(SCREENSHOT_WIDTH)}" height="${String(SCREENSHOT_HEIGHT)}">${parts.join('')}</svg>`;
}

/** The two screenshots as PNG files' bytes: before, and after with a dialog and a moved card. */
export async function twoScreenshots(): Promise<{ readonly before: Buffer; readonly after: Buffer }> {
  const render = (changed: boolean) =>
    sharp(Buffer.from(screenshotSvg(changed)))
      .png()
      .toBuffer();
  const [before, after] = await Promise.all([render(false), render(true)]);
  return { before, after };
}

/** A PNG's pixels, RGBA, as sharp decodes them (the bench's check of the page's decoding). */
export async function rgbaOf(png: Buffer): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).ensureAlpha().raw().toBuffer());
}
