import { describe, expect, it } from 'vitest';

import { exportSummary } from '../src/cli/export-command.ts';

const MIB = 1_048_576;
const sizes = (imageCount: number) => ({ viewer: MIB / 2, images: imageCount * MIB, imageCount, log: { gzip: MIB / 4, text: 2 * MIB } });

describe('exportSummary: the line pnpm replay export prints', () => {
  it('says what the file is made of, in the singular for one', () => {
    expect(exportSummary('one.html', { bytes: 2 * MIB, sizes: sizes(1), missing: ['sha256:a'], calls: { kept: 1, total: 1 } })).toBe(
      'wrote one.html: 2.00 MB (viewer 0.50 MB, 1 image 1.00 MB, log 0.25 MB gzipped from 2.00 MB); 1 of 1 call, those the filter matches; 1 referenced image not in the store (shown as such)',
    );
    expect(exportSummary('two.html', { bytes: 3 * MIB, sizes: sizes(2), missing: [] })).toBe(
      'wrote two.html: 3.00 MB (viewer 0.50 MB, 2 images 2.00 MB, log 0.25 MB gzipped from 2.00 MB)',
    );
  });
});
