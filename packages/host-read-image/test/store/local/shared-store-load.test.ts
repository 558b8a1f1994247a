import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { runSharedStoreLoad } from '../../../bench/load-bench.ts';
import { writeLoadCorpus } from '../../../bench/load-corpus.ts';
import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { bundleChildScript } from '../../support/child-processes.ts';
import { sha256Id } from '../../support/store-test-support.ts';
import { useTempDirs } from '../../support/temp-workspace.ts';

const tempDir = useTempDirs();

describe('local store: shared by two processes under load', () => {
  it('local store: two processes × 50 concurrent read_image calls over 40 files → only the expected refusals, one intact object per image', async () => {
    const workspace = await tempDir();
    const storeDir = await tempDir();
    const files = await writeLoadCorpus(workspace);
    const worker = await bundleChildScript('bench/load-worker.ts');
    const run = await runSharedStoreLoad((args) => [process.execPath, [worker, ...args]], {
      storeDir,
      workspace,
      files,
      processes: 2,
      callsPerProcess: 50,
    });

    const results = run.workers.flatMap((report) => report.results);
    expect(results).toHaveLength(100);
    const idsByFile = new Map<string, Set<string>>();
    for (const result of results) {
      const file = files.find((candidate) => candidate.name === result.name);
      if (file?.refusal === undefined) {
        expect(result, `${result.name} should be stored`).toMatchObject({ isError: false, attachmentId: expect.any(String) as string });
        idsByFile.set(result.name, (idsByFile.get(result.name) ?? new Set()).add(result.attachmentId ?? ''));
      } else {
        expect(result, `${result.name} should be refused`).toMatchObject({ isError: true, code: file.refusal });
      }
    }
    // Each image has one id in both processes, and the store holds exactly those objects, intact.
    for (const [name, ids] of idsByFile) expect(ids.size, name).toBe(1);
    const ids = new Set([...idsByFile.values()].flatMap((set) => [...set]));
    const objects = await readdir(path.join(storeDir, 'objects'));
    expect(objects.map((hex) => `sha256:${hex}`).sort()).toEqual([...ids].sort());
    const store = new LocalAttachmentStore({ dir: storeDir });
    for (const id of ids) expect(sha256Id((await store.readImage(id)).data)).toBe(id);
    expect(await readdir(path.join(storeDir, 'tmp'))).toEqual([]);

    const refusals = results.filter((result) => result.isError).length;
    console.log(
      `shared-store load: ${run.calls} calls by ${run.processes} processes, ${refusals} expected refusals, ${ids.size} objects, ` +
        `peak RSS ${run.workers.map((report) => `${report.peakRssMiB.toFixed(0)} MiB`).join(' / ')}`,
    );
  }, 120_000);
});
