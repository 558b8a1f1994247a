import type * as FsPromises from 'node:fs/promises';
import { rm } from 'node:fs/promises';
import path from 'node:path';

import { beforeEach, describe, expect, it, vi } from 'vitest';

import { LocalAttachmentStore } from '../../src/store/local-attachment-store.ts';
import { StoreLayout } from '../../src/store/store-layout.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { solid } from '../support/test-images.ts';
import { hexOf, sha256Id } from './store-test-support.ts';

/** Every fsync the store asks for, by path: the real file system underneath, only counted. */
const synced = vi.hoisted(() => [] as string[]);

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (file, ...rest) => {
    const handle = await actual.open(file, ...rest);
    const sync = handle.sync.bind(handle);
    handle.sync = () => {
      synced.push(String(file));
      return sync();
    };
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

const tempDir = useTempDirs();

/** Synced paths relative to the store, temp names reduced to their kind. */
function syncedIn(dir: string): string[] {
  return synced.map((file) => path.relative(dir, file).replace(/tmp\/\d+\.[0-9a-f]{8}\.(\w+)-[^/]+/, 'tmp/<$1>'));
}

beforeEach(() => {
  synced.length = 0;
});

describe('durable save: fsyncs', () => {
  it('a new object costs 4 fsyncs: its two files, the temp dir that gained them, the objects dir that gained it', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') }); // first save also makes objects/, sources/, tmp/
    synced.length = 0;
    const data = await solid(4, 4, 'png', '#00ff00');
    const ref = await store.saveImage({ data });
    expect(syncedIn(dir)).toEqual(['tmp/<dir>/image', 'tmp/<dir>/ref.json', 'tmp/<dir>', 'objects']);
    await expect(store.readImage(ref.attachmentId)).resolves.toBeDefined();
  });

  it('the first save also syncs the store dir, which gained objects/ (sources/ is a cache: not synced)', async () => {
    const dir = await tempDir();
    await new LocalAttachmentStore({ dir }).saveImage({ data: await solid(4, 4, 'png') });
    expect(syncedIn(dir)).toEqual(['', 'tmp/<dir>/image', 'tmp/<dir>/ref.json', 'tmp/<dir>', 'objects']);
  });

  it('saving bytes already stored and intact syncs nothing, with or without an index entry', async () => {
    const dir = await tempDir();
    const data = await solid(4, 4, 'png');
    await new LocalAttachmentStore({ dir }).saveImage({ data });
    synced.length = 0;
    await new LocalAttachmentStore({ dir }).saveImage({ data });
    await rm(new StoreLayout(dir).sourceEntry(hexOf(sha256Id(data))));
    await new LocalAttachmentStore({ dir }).saveImage({ data });
    expect(synced).toEqual([]);
  });
});
