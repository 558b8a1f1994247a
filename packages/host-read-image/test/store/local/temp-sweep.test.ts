import { spawn } from 'node:child_process';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { ORPHAN_AGE_MS, sweepOrphanedTemp, tempPrefix } from '../../../src/store/local/temp-names.ts';
import { listTree, useTempDirs } from '../../support/temp-workspace.ts';
import { solid } from '../../support/test-images.ts';

const tempDir = useTempDirs();

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

/** `tmp/` entries named as a writer with this pid on this host would name them. */
function entryOf(pid: number, kind: string): string {
  return tempPrefix(kind).replace(/^\d+\./, `${pid}.`) + 'x';
}

describe('temp sweep', () => {
  it('local store: opening sweeps temp entries of dead writers and keeps those of live ones', async () => {
    const dir = await tempDir();
    const { tempRoot } = new StoreLayout(dir);
    const dead = await deadPid();
    await mkdir(path.join(tempRoot, entryOf(dead, 'dir')), { recursive: true });
    await writeFile(path.join(tempRoot, entryOf(dead, 'dir'), 'image'), 'half');
    await writeFile(path.join(tempRoot, entryOf(dead, 'file')), 'half');
    await writeFile(path.join(tempRoot, entryOf(process.pid, 'file')), 'in progress');
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png') });
    expect(await listTree(tempRoot)).toEqual([entryOf(process.pid, 'file')]);
  });

  it('keeps fresh entries it cannot attribute (another host, an older name) and sweeps them after a day', async () => {
    const dir = await tempDir();
    const foreign = ['123.00000000.dir-abc', 'file-0b7c', 'dir-XYZ'];
    for (const name of foreign) await writeFile(path.join(dir, name), '');
    expect(await sweepOrphanedTemp(dir)).toBe(0);
    expect(await listTree(dir)).toEqual([...foreign].sort());
    const old = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
    await utimes(path.join(dir, 'dir-XYZ'), old, old);
    expect(await sweepOrphanedTemp(dir)).toBe(1);
    expect(await listTree(dir)).toEqual(['123.00000000.dir-abc', 'file-0b7c']);
  });

  it('is a no-op when there is no tmp dir yet', async () => {
    expect(await sweepOrphanedTemp(path.join(await tempDir(), 'absent'))).toBe(0);
  });
});
