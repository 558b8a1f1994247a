import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { bundleChildScript, startChild } from '../../support/child-processes.ts';
import { hexOf, sha256Id } from '../../support/store-test-support.ts';
import { useTempDirs } from '../../support/temp-workspace.ts';
import { animated, noise, orientedJpeg, solid } from '../../support/test-images.ts';

/**
 * SIGKILL at random moments while child processes save into one local store. After each kill
 * the store is opened again and must show only verified objects, a source index that points
 * only at the object its source normalises to, and no temp entry of the dead writer. Two lanes
 * run at once, so the other child keeps saving meanwhile: the sweep is proven safe beside a live
 * writer (a wrongly swept temp entry fails that child's save, and the child exits by itself).
 * The seed is printed; TOOLCARD_CRASH_SEED replays a run (TOOLCARD_CRASH_KILLS shortens it).
 */

const KILLS = Number(process.env.TOOLCARD_CRASH_KILLS ?? 200);
const LANES = 2;
/**
 * The kill lands after the child has completed 0–3 saves (so every run makes progress, however
 * loaded the machine) and then 0–40 ms more (seeded, uniform): mid-write, mid-fsync, mid-rename, …
 */
const MAX_SAVES_BEFORE_KILL = 3;
const MAX_KILL_DELAY_MS = 40;

const tempDir = useTempDirs();

describe('local store: SIGKILL fault injection', () => {
  it(`local store: ${KILLS} SIGKILLs during saves → every visible object verifies, the index points only at right objects, dead writers' temp entries are swept`, async () => {
    const storeDir = await tempDir();
    const layout = new StoreLayout(storeDir);
    const sources = await sourcePool(await tempDir());
    const script = await bundleChildScript('test/store/local/crash-save-child.ts');
    const seed = Number(process.env.TOOLCARD_CRASH_SEED ?? Date.now() % 1_000_000);
    const verifier = storeVerifier(storeDir, await expectedObjects(await tempDir(), sources));
    const totals = { kills: 0, leftovers: 0 };

    async function lane(runs: readonly number[]): Promise<void> {
      let spare = loadChild(script, storeDir, seed, runs[0] ?? 0, sources);
      for (const [index, run] of runs.entries()) {
        const child = spare;
        if (index + 1 < runs.length) spare = loadChild(script, storeDir, seed, runs[index + 1] ?? 0, sources);
        await child.ready;
        child.process.stdin?.write('go\n');
        await child.saved(pseudoRandom(seed + run) % (MAX_SAVES_BEFORE_KILL + 1));
        await new Promise((resolve) => setTimeout(resolve, pseudoRandom(seed + run + KILLS) % MAX_KILL_DELAY_MS));
        child.process.kill('SIGKILL');
        expect(await child.ended, `child ${run} ended by itself: ${child.stderr()}`).toBe('SIGKILL');
        totals.kills++;

        const owned = (name: string) => name.startsWith(`${child.process.pid}.`);
        totals.leftovers += (await namesIn(layout.tempRoot)).filter(owned).length;
        await verifier.openAndVerify(); // opening runs the sweep first
        expect((await namesIn(layout.tempRoot)).filter(owned), 'temp entries of a dead writer after opening').toEqual([]);
      }
    }

    const runs = Array.from({ length: KILLS }, (_, run) => run);
    await Promise.all(Array.from({ length: LANES }, (_, lane_) => lane(runs.filter((run) => run % LANES === lane_))));

    const objects = (await namesIn(path.join(storeDir, 'objects'))).length;
    const entries = (await namesIn(path.join(storeDir, 'sources'))).length;
    console.log(
      `crash proof (seed ${seed}): ${totals.kills} SIGKILLs, ${objects} objects and ${entries} index entries verified, ` +
        `${totals.leftovers} temp entries of killed writers swept on open`,
    );
    expect(totals.kills).toBe(KILLS);
    expect(objects).toBeGreaterThan(0);
    expect(totals.leftovers, 'no kill landed mid-write').toBeGreaterThan(0);
  }, 300_000);
});

interface LoadedChild {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  /** Resolves once the child has reported `count` completed saves (or has exited). */
  saved(count: number): Promise<void>;
  readonly ended: Promise<NodeJS.Signals | number | null>;
  stderr(): string;
}

function loadChild(script: string, storeDir: string, seed: number, run: number, sources: ReadonlyMap<string, string>): LoadedChild {
  const process = startChild(script, [storeDir, String(seed + run), ...sources.values()]);
  let stderr = '';
  let stdout = '';
  process.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  process.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const count = (line: string) => stdout.split('\n').filter((candidate) => candidate === line).length;
  const seen = (predicate: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!predicate()) return;
        process.stdout?.off('data', check);
        resolve();
      };
      process.stdout?.on('data', check);
      process.on('exit', () => {
        resolve();
      });
      check();
    });
  return {
    process,
    ready: seen(() => count('ready') > 0),
    saved: (saves) => seen(() => count('saved') >= saves),
    ended: new Promise((resolve) =>
      process.on('exit', (code, signal) => {
        resolve(signal ?? code);
      }),
    ),
    stderr: () => stderr,
  };
}

/**
 * Opens the store and reads every object through it (digest and reference verified) and checks
 * every index entry. An object already verified whose file is unchanged (same inode, size and
 * mtime) is not read again: a writer can only change an object by replacing its file.
 */
function storeVerifier(storeDir: string, expected: (sourceHex: string, maxDimension: number) => Promise<string>) {
  const verified = new Map<string, string>();
  const layout = new StoreLayout(storeDir);
  return {
    async openAndVerify(): Promise<void> {
      const store = new LocalAttachmentStore({ dir: storeDir });
      await store.readImage(`sha256:${'0'.repeat(64)}`).catch(() => undefined); // the first use sweeps
      for (const hex of await namesIn(path.join(storeDir, 'objects'))) {
        const identity = await fileIdentity(layout.object(hex));
        if (verified.get(hex) === identity) continue;
        const { ref, data } = await store.readImage(`sha256:${hex}`);
        expect(sha256Id(data)).toBe(ref.attachmentId);
        verified.set(hex, identity);
      }
      for (const name of await namesIn(path.join(storeDir, 'sources'))) {
        const entry = JSON.parse(await readFile(path.join(storeDir, 'sources', name), 'utf8')) as {
          ref: { attachmentId: string };
          normalisedWith: { maxDimension: number };
        };
        expect((await store.readImage(entry.ref.attachmentId)).ref).toEqual(entry.ref);
        expect(entry.ref.attachmentId).toBe(await expected(name.replace(/\.json$/, ''), entry.normalisedWith.maxDimension));
      }
    },
  };
}

async function fileIdentity(file: string): Promise<string> {
  const s = await stat(file);
  return `${s.ino}:${s.size}:${s.mtimeMs}`;
}

/** What a clean store makes of each source under each limit, computed once per pair. */
async function expectedObjects(dir: string, sources: ReadonlyMap<string, string>) {
  const bytes = new Map(await Promise.all([...sources].map(async ([hex, file]) => [hex, await readFile(file)] as const)));
  const known = new Map<string, Promise<string>>();
  return (sourceHex: string, maxDimension: number): Promise<string> => {
    const key = `${sourceHex}@${maxDimension}`;
    let id = known.get(key);
    if (id === undefined) {
      const data = bytes.get(sourceHex);
      if (data === undefined) throw new Error(`an index entry for a source never saved: ${sourceHex}`);
      const store = new LocalAttachmentStore({ dir: path.join(dir, String(maxDimension)), limits: { normalizedImageMaxDimension: maxDimension } });
      id = store.saveImage({ data }).then((ref) => ref.attachmentId);
      known.set(key, id);
    }
    return id;
  };
}

/** Sources of every kind: passthrough, downscaled, re-encoded, oriented, animated; by sha256 hex. */
async function sourcePool(dir: string): Promise<Map<string, string>> {
  const images = await Promise.all([
    solid(20, 12, 'png', '#ff0000'),
    solid(64, 48, 'png', '#00ff00'),
    noise(80, 60, 'png'),
    noise(30, 30, 'png'),
    solid(50, 50, 'jpeg', '#0000ff'),
    noise(72, 40, 'jpeg'),
    orientedJpeg(),
    solid(40, 30, 'webp', '#ffff00'),
    animated('gif'),
    animated('webp'),
    solid(90, 20, 'gif', '#00ffff'),
  ]);
  return new Map(
    await Promise.all(
      images.map(async (data, index) => {
        const file = path.join(dir, `source-${index}`);
        await writeFile(file, data);
        return [hexOf(sha256Id(data)), file] as const;
      }),
    ),
  );
}

async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

function pseudoRandom(seed: number): number {
  let x = (seed * 2654435761) >>> 0 || 1;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return x >>> 0;
}
