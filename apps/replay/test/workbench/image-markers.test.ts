import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { markedLines, PIECE_BYTES, withImageMarkers } from '../../src/workbench/image-markers.ts';
import { imagesShown } from '../support/agent-log-contents.ts';
import { claudeCodeTranscript, codexRollout, prettyAnthropicMessages } from '../support/foreign-sessions.ts';
import { base64Of, corruptPng, imageBytes, LONG_BASE64_RUN } from '../support/inline-images.ts';
import { generated, pasted, screenshot } from './session-folder.ts';

async function marked(text: string): Promise<string> {
  const lines = await Promise.all(text.split('\n').map(withImageMarkers));
  return lines.join('\n');
}

describe('withImageMarkers: a line’s inline images as markers, before the reader keeps anything of it', () => {
  it('leaves no base64, and the reader sees the same images (ids minted from the same bytes) and text as in the original', async () => {
    for (const text of [claudeCodeTranscript(screenshot, pasted), codexRollout(`data:image/png;base64,${generated}`, screenshot)]) {
      const markedText = await marked(text);
      expect(LONG_BASE64_RUN.test(markedText)).toBe(false);
      const original = imagesShown(text);
      const shown = imagesShown(markedText);
      expect(shown.ids).toEqual(original.ids);
      expect(shown.ids.size).toBe(2);
      expect(shown.placeholders).toEqual(original.placeholders);
      expect(shown.refs.map(({ width, height, mediaType }) => ({ width, height, mediaType }))).toEqual(
        original.refs.map(({ width, height, mediaType }) => ({ width, height, mediaType })),
      );
    }
  });

  it('bytes that only look like an image are no image either way; a line that is not JSON, or holds no image, is left as it is', async () => {
    const fake = claudeCodeTranscript(base64Of(corruptPng()), pasted);
    expect(imagesShown(await marked(fake)).ids.size).toBe(imagesShown(fake).ids.size);
    expect(await withImageMarkers('{"a": "plain text", "b": [1, 2]}')).toBe('{"a": "plain text", "b": [1, 2]}');
    expect(await withImageMarkers(`not json "${screenshot}`)).toBe(`not json "${screenshot}`);
    // One line of a document spread over many is not JSON alone: the whole document is rewritten at once (see SessionReading).
    const pretty = prettyAnthropicMessages(screenshot);
    expect(LONG_BASE64_RUN.test(await withImageMarkers(pretty))).toBe(false);
  });
});

/** Strings a line of an agent's log may hold: images in every spelling inlineImageIn takes or refuses, and text. */
function imageStrings(images: readonly string[]): fc.Arbitrary<string> {
  const image = fc.constantFrom(...images);
  return fc.oneof(
    image,
    image.map((base64) => base64.replaceAll('+', '-').replaceAll('/', '_')),
    image.map((base64) => base64.replace(/=+$/, '')),
    image.map((base64) => `data:image/png;base64,${base64}`),
    image.map((base64) => `DATA:image/webp;name=a b;base64,${base64}`),
    image.map((base64) => `data:image/png;base64,${base64.slice(0, 40)}\n${base64.slice(40)}`),
    fc.constant('data:image/png;base64,not an image at all'),
    fc.constant('data:image/x;base64,'),
    // One odd character, in whole base64 or in some cut to four characters a group (then one over: a length a decoder may round away).
    fc.tuple(image, fc.boolean(), fc.nat(), fc.constantFrom('!', ' ', '=', 'é', '-', '"', '\\')).map(([base64, whole, at, odd]) => {
      const spelled = whole ? base64 : base64.slice(0, base64.replace(/=+$/, '').length & ~3);
      const cut = 16 + (at % (spelled.length - 16));
      return spelled.slice(0, cut) + odd + spelled.slice(cut);
    }),
    fc.string({ maxLength: 80 }),
    fc.constant('iVBORw0KGgo' + 'A'.repeat(80)),
  );
}

/** A JSON line holding `values` (some as keys), long enough to be searched in its bytes, with `/` escaped as some writers do. */
function longLine(values: readonly string[], asKey: boolean, escapeSlashes: boolean): string {
  const entries = values.map((value, index) => (asKey && index === 0 ? [value, index] : [`k${String(index)}`, [{ data: value }]]));
  const json = JSON.stringify({ ...Object.fromEntries(entries), padding: 'text '.repeat(4000) });
  return escapeSlashes ? json.replaceAll('/', '\\/') : json;
}

describe('markedLines: a long line’s images found in its bytes, as withImageMarkers finds them parsing it', () => {
  it('the same value for every spelling of an image, alphabet, padding, escape, key and corruption', async () => {
    const images = [screenshot, pasted, generated, base64Of(await imageBytes('gif', '#808000', 20, 10)), base64Of(await imageBytes('webp', '#008080', 16, 16))];
    await fc.assert(
      fc.asyncProperty(fc.array(imageStrings(images), { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), async (values, asKey, escapeSlashes) => {
        const line = longLine(values, asKey, escapeSlashes);
        const fromBytes = (await markedLines(Buffer.from(`${line}\n`))).join('');
        expect(fromBytes.endsWith('\n')).toBe(true);
        expect(JSON.parse(fromBytes)).toEqual(JSON.parse(await withImageMarkers(line)));
      }),
      { numRuns: 300 },
    );
  });

  it('short and long lines of a run keep their order and their ends; a long line that is not JSON is left as it is', async () => {
    const long = longLine([screenshot], false, false);
    const broken = `{"data": "${screenshot}", "padding": "${'x'.repeat(20_000)}`;
    const text = ['{"a":1}', long, '', '{"b":2}', broken, '{"c":3}'].join('\n');
    const marked = (await markedLines(Buffer.from(text))).join('');
    const lines = marked.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe('');
    expect([lines[0], lines[2], lines[3], lines[4], lines[5]]).toEqual(['{"a":1}', '', '{"b":2}', broken, '{"c":3}']);
    expect(JSON.parse(lines[1] ?? '')).toEqual(JSON.parse(await withImageMarkers(long)));
    expect(LONG_BASE64_RUN.test(lines[1] ?? '')).toBe(false);
  });

  it('gives a long run of short lines in pieces of whole lines, none of them a large string, in order', async () => {
    const lines = Array.from({ length: 4_000 }, (_, index) => JSON.stringify({ index, text: 'é'.repeat(index % 90) }));
    const text = `${lines.join('\n')}\n`;
    const pieces = await markedLines(Buffer.from(text));
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(Buffer.byteLength(text) / PIECE_BYTES);
    for (const piece of pieces) {
      expect(piece.endsWith('\n')).toBe(true);
      expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(PIECE_BYTES);
    }
    // The last line without its end is a piece's end too.
    expect((await markedLines(Buffer.from(text.slice(0, -1)))).join('')).toBe(text);
  });
});
