import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ReplayUsageError } from '../src/cli/args.ts';
import { parseCompareExportArgs } from '../src/cli/compare-export-command.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();

/** Two session files and a store folder in a fresh folder. */
async function files(): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'a.jsonl'), '');
  await writeFile(path.join(dir, 'b.jsonl'), '');
  await mkdir(path.join(dir, 'store'));
  await mkdir(path.join(dir, 'folder'));
  return dir;
}

describe('pnpm replay export --compare A B: its arguments', () => {
  it('reads A and B after --compare, and the output, store and --max-edge as a session export does', async () => {
    const dir = await files();
    const options = await parseCompareExportArgs(['-o', 'out.html', '--compare', 'a.jsonl', 'b.jsonl', '--store', 'store', '--max-edge', '800'], dir);
    expect(options).toEqual({
      referencePath: path.join(dir, 'a.jsonl'),
      logPath: path.join(dir, 'b.jsonl'),
      output: path.join(dir, 'out.html'),
      store: { dir: path.join(dir, 'store') },
      maxEdge: 800,
    });
  });

  it('refuses one file, a folder, --filter and a missing -o with a usage error', async () => {
    const dir = await files();
    const refused = (argv: readonly string[]) => parseCompareExportArgs(argv, dir);
    await expect(refused(['--compare', 'a.jsonl', '-o', 'out.html'])).rejects.toThrow(/--compare takes two session files/);
    await expect(refused(['--compare', 'a.jsonl', 'folder', '-o', 'out.html'])).rejects.toThrow(/folder is a folder/);
    await expect(refused(['--compare', 'a.jsonl', 'b.jsonl', '-o', 'out.html', '--filter', 'q=x'])).rejects.toThrow(/--filter is for one session/);
    await expect(refused(['--compare', 'a.jsonl', 'b.jsonl'])).rejects.toThrow(/-o FILE\.html is required/);
    await expect(refused(['--compare', 'a.jsonl', 'b.jsonl', 'c.jsonl', '-o', 'out.html'])).rejects.toBeInstanceOf(ReplayUsageError);
  });
});
