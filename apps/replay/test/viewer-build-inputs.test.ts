import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { VIEWER_INPUT_DIRS, VIEWER_SOURCE_DIR } from '../src/server/viewer-build.ts';

/** Every relative module a viewer source imports (types only or not: a type may become a value). */
async function relativeImports(): Promise<{ readonly from: string; readonly to: string }[]> {
  const entries = await readdir(VIEWER_SOURCE_DIR, { recursive: true, withFileTypes: true });
  const sources = entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  const imports: { from: string; to: string }[] = [];
  for (const file of sources) {
    for (const match of (await readFile(file, 'utf8')).matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      imports.push({ from: path.relative(VIEWER_SOURCE_DIR, file), to: path.resolve(path.dirname(file), match[1] ?? '') });
    }
  }
  return imports;
}

describe('the viewer build is redone when what it holds changes', () => {
  it('every module a viewer source imports lies in a folder its inputs digest covers', async () => {
    const imports = await relativeImports();
    // The viewer does reach out of its folder (the wire formats, the review lines): the check has something to check.
    expect(imports.filter(({ to }) => !to.startsWith(`${VIEWER_SOURCE_DIR}${path.sep}`)).length).toBeGreaterThan(0);
    const uncovered = imports.filter(({ to }) => !VIEWER_INPUT_DIRS.some((dir) => to.startsWith(`${dir}${path.sep}`)));
    expect(uncovered).toEqual([]);
  });
});
