import { describe, expect, it } from 'vitest';

import type { AttachmentRef } from '../../src/seams/attachment-store.ts';
import { formatEnvelope } from '../../src/tool/envelope.ts';

const ref: AttachmentRef = {
  attachmentId: 'sha256:' + 'a'.repeat(64),
  mediaType: 'image/png',
  bytes: 24588,
  width: 1496,
  height: 920,
};

describe('formatEnvelope', () => {
  it('is exactly the five lines of DESIGN §2, without a trailing newline', () => {
    expect(formatEnvelope('/home/qa/shot.png', ref)).toBe(
      '<path>/home/qa/shot.png</path>\n<type>image</type>\n<content>\nimage/png image, 1496x920 px, 24588 bytes\n</content>',
    );
  });

  it('adds the single multiplier when both axes scale alike', () => {
    const text = formatEnvelope('/p.png', { ...ref, width: 2048, height: 512, originalDimensions: { width: 4096, height: 1024 } });
    expect(text).toContain(
      'image/png image, 2048x512 px, 24588 bytes (downscaled from 4096x1024 px; multiply coordinates by 2.00 to locate features in the original file)\n</content>',
    );
  });

  it('gives per-axis multipliers when the ratios format differently', () => {
    const text = formatEnvelope('/p.png', { ...ref, width: 2048, height: 683, originalDimensions: { width: 3000, height: 1001 } });
    expect(text).toContain('(downscaled from 3000x1001 px; multiply x coordinates by 1.46 and y coordinates by 1.47 to locate features in the original file)');
  });
});
