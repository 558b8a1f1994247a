import type * as FsPromises from 'node:fs/promises';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { beforeEach, describe, expect, it, vi } from 'vitest';

import { LocalFileSystem } from '../../../src/fs/local-file-system.ts';
import { ConfigModelResolver } from '../../../src/model-routes/config-model-resolver.ts';
import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { createReadImageTool } from '../../../src/tool/read-image-tool.ts';
import { callCounts, roundTrips, type FsCall } from '../../support/recorded-fs.ts';
import { hexOf, sha256Id } from '../../support/store-test-support.ts';
import { listTree, useTempDirs } from '../../support/temp-workspace.ts';
import { noise, solid } from '../../support/test-images.ts';

/** Every node:fs/promises call the store and the file system make: the real file system underneath, only recorded. */
const calls = vi.hoisted(() => [] as FsCall[]);

vi.mock('node:fs/promises', async (importOriginal) =>
  (await import('../../support/recorded-fs.ts')).recordedFsPromises(await importOriginal<typeof FsPromises>(), calls),
);

const tempDir = useTempDirs();

beforeEach(() => {
  calls.length = 0;
});

/** The calls `operation` makes (only its own: the log starts empty and is read as soon as it resolves). */
async function callsOf(operation: () => Promise<unknown>): Promise<FsCall[]> {
  calls.length = 0;
  await operation();
  return [...calls];
}

/** A path relative to the store, temp names reduced to their kind (`tmp/<file>`). */
function inStore(dir: string, file: string): string {
  return path.relative(dir, file).replace(/tmp\/\d+\.[0-9a-f]{8}\.(\w+)-[^/]*/, 'tmp/<$1>');
}

/** Synced paths, in the order the syncs were asked for. */
function syncedIn(dir: string, made: readonly FsCall[]): string[] {
  return made.filter((call) => call.op === 'handle.sync').map((call) => inStore(dir, call.path));
}

/** The rename that published the object: of the temp file that was synced (the index entry's is not). */
function objectPublish(made: readonly FsCall[]): FsCall | undefined {
  const synced = new Set(made.filter((call) => call.op === 'handle.sync').map((call) => call.path));
  return made.find((call) => call.op === 'rename' && synced.has(call.path));
}

/** Whether the store dir's fsync (it gained objects/) settled before the rename that published the object began. */
function storeDirSyncedBeforePublish(dir: string, made: readonly FsCall[]): boolean {
  const storeDirSync = made.find((call) => call.op === 'handle.sync' && inStore(dir, call.path) === '');
  const publish = made.findLast((call) => call.op === 'rename' && call.path === objectPublish(made)?.path);
  return (storeDirSync?.settled ?? Infinity) < (publish?.started ?? 0);
}

/** Each call as `<op> <path in the store>`. */
function opsIn(dir: string, made: readonly FsCall[]): string[] {
  return made.map((call) => `${call.op} ${inStore(dir, call.path)}`);
}

describe('durable save: fsyncs', () => {
  it('a new object costs 2 fsyncs: its one file, then the objects dir that gained it', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') }); // first save also makes objects/, sources/, tmp/
    const data = await solid(4, 4, 'png', '#00ff00');
    const made = await callsOf(() => store.saveImage({ data }));
    expect(syncedIn(dir, made)).toEqual(['tmp/<file>', 'objects']);
    await expect(store.readImage(sha256Id(data))).resolves.toBeDefined();
  });

  it('the object file is synced before the rename publishes it, the objects dir after, and only then the index entry renamed', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') });
    const data = await solid(4, 4, 'png', '#0000ff');
    const made = await callsOf(() => store.saveImage({ data }));
    const publish = objectPublish(made);
    const syncs = made.filter((call) => call.op === 'handle.sync');
    expect(publish).toBeDefined();
    expect(syncs[0]?.settled).toBeLessThan(publish?.started ?? 0);
    expect(syncs[1]?.started).toBeGreaterThan(publish?.settled ?? Infinity);
    // The index entry, written beside the object, becomes visible only once the object is durable.
    const entry = made.find((call) => call.op === 'rename' && call !== publish);
    expect(entry?.started).toBeGreaterThan(syncs[1]?.settled ?? Infinity);
  });

  it('the first save also syncs the store dir, which gained objects/ (sources/ is a cache: not synced), before the rename into objects/', async () => {
    const dir = await tempDir();
    const data = await solid(4, 4, 'png');
    const made = await callsOf(() => new LocalAttachmentStore({ dir }).saveImage({ data }));
    expect(syncedIn(dir, made)).toEqual(['tmp/<file>', '', 'objects']);
    expect(storeDirSyncedBeforePublish(dir, made)).toBe(true);
  });

  it('the first save into a path that does not exist yet also syncs the parents that gained the new directories', async () => {
    const root = await tempDir();
    const dir = path.join(root, 'new', 'store');
    const data = await solid(4, 4, 'png');
    const made = await callsOf(() => new LocalAttachmentStore({ dir }).saveImage({ data }));
    // new/ gained store/ and root gained new/ (made with tmp/, before the object's temp file);
    // store/ gained objects/ (made when the rename finds it missing, synced before the rename is retried).
    expect(syncedIn(dir, made)).toEqual(['..', '../..', 'tmp/<file>', '', 'objects']);
    expect(storeDirSyncedBeforePublish(dir, made)).toBe(true);
  });

  it('saving bytes already stored and intact syncs nothing, with or without an index entry', async () => {
    const dir = await tempDir();
    const data = await solid(4, 4, 'png');
    await new LocalAttachmentStore({ dir }).saveImage({ data });
    const warm = await callsOf(() => new LocalAttachmentStore({ dir }).saveImage({ data }));
    await rm(new StoreLayout(dir).sourceEntry(hexOf(sha256Id(data))));
    const indexless = await callsOf(() => new LocalAttachmentStore({ dir }).saveImage({ data }));
    expect(syncedIn(dir, [...warm, ...indexless])).toEqual([]);
  });
});

describe('a save into a used store', () => {
  it('a new object: no mkdir (its folders exist), one temp file, the rename, then the index entry', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') });
    const data = await solid(4, 4, 'png', '#00ff00');
    const hex = hexOf(sha256Id(data));
    const made = await callsOf(() => store.saveImage({ data }));
    const ops = opsIn(dir, made).filter((op) => /^(mkdir|mkdtemp|rename|rm|stat|lstat) /.test(op));
    // The folders are made only when a call finds them missing; the index entry's file is written beside the object's, renamed after it.
    expect(ops).toEqual(['lstat objects/<hex>', 'rename tmp/<file>', 'rename tmp/<file>'].map((op) => op.replace('<hex>', hex)));
    expect(await listTree(path.join(dir, 'tmp'))).toEqual([]);
    await expect(store.readImage(`sha256:${hex}`)).resolves.toBeDefined();
  });

  it('a new object waits for 9 round trips (10 as a directory of two files), the entry renamed after it', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') });
    const made = await callsOf(async () => store.saveImage({ data: await solid(4, 4, 'png', '#123456') }));
    // index lookup | is the object there | create its temp file | write | fsync |
    // rename | open objects/ | fsync | rename the entry (its file and write made meanwhile)
    expect(roundTrips(made)).toBe(9);
  });

  it('a new object makes 14 file-system calls (22 as a directory of two files): no mkdir, one look for the object, 2 fsyncs, 2 renames', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') });
    const made = await callsOf(async () => store.saveImage({ data: await solid(4, 4, 'png', '#654321') }));
    expect(callCounts(made)).toEqual({
      lstat: 1, // is the object there (one call, where opening it would take two)
      open: 4, // index entry (missing) | the object's temp file, objects/ | the entry's temp file
      'handle.writeFile': 2,
      'handle.sync': 2,
      'handle.close': 3, // each file opened (the missing entry was not)
      rename: 2,
    });
    expect(made).toHaveLength(14);
  });

  it('makes its directories again when they were removed while it was open', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') });
    for (const removed of ['tmp', 'objects', 'sources']) await rm(path.join(dir, removed), { recursive: true });
    const data = await solid(4, 4, 'png', '#00ff00');
    const ref = await store.saveImage({ data });
    await expect(store.readImage(ref.attachmentId)).resolves.toMatchObject({ ref: { attachmentId: sha256Id(data) } });
    expect(await listTree(dir)).toEqual(['objects/', `objects/${hexOf(ref.attachmentId)}`, 'sources/', `sources/${hexOf(sha256Id(data))}.json`, 'tmp/'].sort());
  });

  it('makes objects/ durably when only it was removed (the store dir is synced again, before the rename into objects/)', async () => {
    const dir = await tempDir();
    const store = new LocalAttachmentStore({ dir });
    await store.saveImage({ data: await solid(4, 4, 'png', '#ff0000') });
    await rm(path.join(dir, 'objects'), { recursive: true });
    const data = await solid(4, 4, 'png', '#00ff00');
    const made = await callsOf(() => store.saveImage({ data }));
    expect(syncedIn(dir, made)).toEqual(['tmp/<file>', '', 'objects']);
    expect(storeDirSyncedBeforePublish(dir, made)).toBe(true);
  });
});

describe('a warm read_image: the fewest calls and round trips', () => {
  /** A read_image of one file, already read once into its store; `reopened` reads through a new store instance on that dir. */
  async function warmRead(data: Uint8Array, reopened: boolean) {
    const cwd = await tempDir();
    const storeDir = await tempDir();
    const file = path.join(cwd, 'image.png');
    await writeFile(file, data);
    const route = { provider: 'test', model: 'vision' };
    const toolOn = (attachments: LocalAttachmentStore) =>
      createReadImageTool({
        fs: new LocalFileSystem(),
        attachments,
        models: new ConfigModelResolver([{ ...route, inputModalities: ['text', 'image'] }]),
      });
    const read = async (tool: ReturnType<typeof toolOn>) => {
      const result = await tool.execute({ file_path: file }, { callId: 'call', cwd, route });
      expect(result.isError).toBe(false);
      return result.value?.image.attachmentId ?? '';
    };
    const first = toolOn(new LocalAttachmentStore({ dir: storeDir }));
    const attachmentId = await read(first);
    if (!reopened) return () => read(first);
    const store = new LocalAttachmentStore({ dir: storeDir });
    await store.readImage(attachmentId); // opens the store (its temp sweep) before the measured read
    return () => read(toolOn(store));
  }

  const images = [
    ['a passthrough (compared with the source)', () => solid(30, 20, 'png')],
    ['a normalised object (hashed)', () => noise(3000, 20, 'png')],
  ] as const;

  it.each(images)('%s, in the store that saved it: the source, then the object (the index entry is remembered)', async (_, image) => {
    const made = await callsOf(await warmRead(await image(), false));
    expect(callCounts(made)).toEqual({
      stat: 1, // the tool's, which readBytes takes for its check before opening
      open: 2, // source, object
      'handle.stat': 1, // the source, once opened: still a regular file
      'handle.read': 4, // source and object: content and end-of-file probe at once
      'handle.close': 2,
    });
    // stat, open, fstat, read+probe | open the object, read it (+ probe)
    expect(roundTrips(made)).toBe(6);
  });

  it.each(images)(
    '%s, in another store instance on its dir: the source, the index entry and the object, each opened once and read in one go',
    async (_, image) => {
      const made = await callsOf(await warmRead(await image(), true));
      expect(callCounts(made)).toEqual({
        stat: 1,
        open: 3, // source, index entry, object
        'handle.stat': 1,
        'handle.read': 5, // source and object: content and end-of-file probe at once; the entry: one read
        'handle.close': 3,
      });
      // stat, open, fstat, read+probe | open entry, read | open the object, read it (+ probe)
      expect(roundTrips(made)).toBe(8);
    },
  );
});
