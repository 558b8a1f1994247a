import { describe, expect, it } from 'vitest';

import { withImageMarkers } from '../../src/workbench/image-markers.ts';
import { imagesShown } from '../support/agent-log-contents.ts';
import { claudeCodeTranscript, codexRollout, prettyAnthropicMessages } from '../support/foreign-sessions.ts';
import { base64Of, corruptPng, LONG_BASE64_RUN } from '../support/inline-images.ts';
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
