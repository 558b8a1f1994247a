import { appendFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { appendReview, reviewFilePath } from '../../src/reviews/review-file.ts';
import { SessionIndex, type SessionIndexOptions } from '../../src/workbench/session-index.ts';
import { claudeCodeSubagentFile, claudeCodeTaskTranscript, claudeCodeTranscript, codexRollout, SUBAGENT_SESSION_ID } from '../support/foreign-sessions.ts';
import { useTempDirs } from '../temp-dirs.ts';
import { generated, pasted, readWhole, screenshot, threeFormatFolder } from './session-folder.ts';

const tempDir = useTempDirs();
const opened: SessionIndex[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((index) => index.close()));
});

async function openIndex(options: Partial<SessionIndexOptions> & Pick<SessionIndexOptions, 'roots'>) {
  const errors: unknown[] = [];
  const counted = { bytes: 0 };
  const index = new SessionIndex({
    cacheDir: path.join(await tempDir(), 'cache'),
    onError: (error) => errors.push(error),
    onSessionBytes: (n) => (counted.bytes += n),
    debounceMs: 20,
    ...options,
  });
  opened.push(index);
  await index.start();
  return { index, errors, counted };
}

/** Waits for the index's answer to satisfy `check` (watch events come when they come: no fixed sleep). */
async function until(index: SessionIndex, check: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && !check(); round += 1) await index.changed(index.version, AbortSignal.timeout(100));
  expect(check()).toBe(true);
}

describe('SessionIndex: every session under the folders given', () => {
  it('lists sessions of three formats with their counts, each as a whole read of the file counts it, and not other files', async () => {
    const dir = await tempDir();
    const files = await threeFormatFolder(dir);
    await writeFile(path.join(dir, 'package.json'), '{"name":"not a session"}');
    await writeFile(path.join(dir, 'notes.jsonl'), '{"hello":"world"}\n');
    const { index, errors } = await openIndex({ roots: [dir] });
    const { sessions, scanning } = index.answer();
    expect(scanning).toBe(false);
    expect(errors).toEqual([]);
    expect(sessions.map((row) => row.id)).toEqual([
      'claude/-home-qa-project/c1a0de00-0000-4000-8000-000000000001.jsonl',
      'codex/2026/01/10/rollout-2026-01-10T09-00-00-session-1.jsonl',
      'harness/session.jsonl',
    ]);
    for (const row of sessions) {
      const file = index.sessionById(row.id)?.path ?? '';
      expect(row).toMatchObject(await readWhole(file));
      expect(row.review).toEqual({ reviewed: 0, of: row.calls + row.images, failed: 0, notes: 0 });
    }
    expect(index.sessionById('harness/session.jsonl')?.path).toBe(files.toolcard);
  });

  it('sessionById answers listed ids only: no path outside the listing, however spelled', async () => {
    const dir = await tempDir();
    await threeFormatFolder(dir);
    await writeFile(path.join(dir, 'notes.jsonl'), '{"hello":"world"}\n');
    const { index } = await openIndex({ roots: [dir] });
    for (const id of ['../etc/passwd', 'harness/../harness/session.jsonl', 'notes.jsonl', 'harness/store', '/etc/passwd', 'harness/session.jsonl.review.jsonl'])
      expect(index.sessionById(id), id).toBeUndefined();
  });

  it('a file given alone is listed whatever its content; Claude Code subagent files and review files are not listed', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, `${SUBAGENT_SESSION_ID}.jsonl`), claudeCodeTaskTranscript({ agentId: 'a1', version: '2.0.5', finished: true }));
    // An older Claude Code writes a subagent's file beside the transcript.
    await writeFile(path.join(dir, 'agent-a1.jsonl'), claudeCodeSubagentFile({ agentId: 'a1', version: '2.0.5', screenshot }));
    await appendReview(reviewFilePath(path.join(dir, `${SUBAGENT_SESSION_ID}.jsonl`)), {
      at: new Date().toISOString(),
      reviewer: 'qa',
      target: 'call:toolu_task',
      verdict: 'pass',
    });
    const odd = path.join(await tempDir(), 'odd.json');
    await writeFile(odd, '{"not":"a session"}');
    const { index } = await openIndex({ roots: [dir, odd] });
    const dirName = path.basename(dir);
    expect(index.answer().sessions.map((row) => [row.id, row.format, row.calls])).toEqual([
      ['odd.json', 'unknown', 0],
      [`${dirName}/${SUBAGENT_SESSION_ID}.jsonl`, 'claude-code', 3],
    ]);
    expect(index.answer().sessions[1]?.review).toEqual({ reviewed: 1, of: 4, failed: 0, notes: 0 });
  });

  it('search finds prompts, arguments, results and review notes, case-insensitively, and never base64', async () => {
    const dir = await tempDir();
    await threeFormatFolder(dir);
    const { index } = await openIndex({ roots: [dir] });
    const claude = 'claude/-home-qa-project/c1a0de00-0000-4000-8000-000000000001.jsonl';
    const codex = 'codex/2026/01/10/rollout-2026-01-10T09-00-00-session-1.jsonl';
    expect(await index.search('LOOK AT THE LOGIN')).toEqual([claude]);
    expect(await index.search('login.png')).toEqual([claude]);
    expect(await index.search('"file_path":"blue.png"')).toEqual(['harness/session.jsonl']);
    expect(await index.search('a small icon')).toEqual([codex]);
    expect(await index.search('purple elephant')).toEqual([]);
    expect(await index.search('make an icon')).toEqual([codex]);
    expect(await index.search(screenshot.slice(100, 140))).toEqual([]);
    expect(await index.search(generated.slice(100, 140))).toEqual([]);
    await appendReview(reviewFilePath(path.join(dir, 'codex/2026/01/10/rollout-2026-01-10T09-00-00-session-1.jsonl')), {
      at: new Date().toISOString(),
      reviewer: 'qa',
      target: 'call:ig_1',
      verdict: 'fail',
      note: 'The Icon is Blurry',
    });
    await index.reviewChanged(codex);
    expect(await index.search('icon is blurry')).toEqual([codex]);
    expect(index.sessionById(codex)?.row.review).toMatchObject({ reviewed: 1, failed: 1, notes: 1 });
  });

  it('reopening an unchanged folder reads no session byte and answers the same rows', async () => {
    const dir = await tempDir();
    await threeFormatFolder(dir);
    const cacheDir = path.join(await tempDir(), 'cache');
    const first = await openIndex({ roots: [dir], cacheDir });
    expect(first.counted.bytes).toBeGreaterThan(0);
    await first.index.close();
    const again = await openIndex({ roots: [dir], cacheDir });
    expect(again.counted.bytes).toBe(0);
    expect(again.index.answer().sessions).toEqual(first.index.answer().sessions);
    expect(await again.index.search('login screen')).toHaveLength(1);
  });

  it('live: a session added to the folder, one growing, a verdict written beside one, and one removed show in the answer', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'day1'));
    const { index } = await openIndex({ roots: [dir] });
    expect(index.answer().sessions).toEqual([]);
    const file = path.join(dir, 'day1', 'rollout.jsonl');
    const [first = '', ...rest] = codexRollout(`data:image/png;base64,${generated}`, screenshot).split(/(?<=\n)/);
    await writeFile(file, first);
    await until(index, () => index.answer().sessions.length === 1);
    expect(index.answer().sessions[0]).toMatchObject({ id: 'day1/rollout.jsonl', format: 'codex', images: 0 });
    await appendFile(file, rest.join(''));
    await until(index, () => index.answer().sessions[0]?.images === 2);
    // A new folder, and a file in it.
    await mkdir(path.join(dir, 'day2', 'run'), { recursive: true });
    await writeFile(path.join(dir, 'day2', 'run', 'session.jsonl'), claudeCodeTranscript(screenshot, pasted));
    await until(index, () => index.answer().sessions.length === 2);
    // A verdict another server wrote beside the log.
    await appendReview(reviewFilePath(file), { at: new Date().toISOString(), reviewer: 'other', target: 'call:ig_1', verdict: 'fail' });
    await until(index, () => index.sessionById('day1/rollout.jsonl')?.row.review.failed === 1);
    expect(await readFile(file, 'utf8')).toContain(generated);
    await rm(file);
    await until(index, () => index.answer().sessions.length === 1);
    expect(index.sessionById('day1/rollout.jsonl')).toBeUndefined();
  });

  it('a session removed from the folder takes its summary and search text out of the cache; the others stay', async () => {
    const dir = await tempDir();
    const cacheDir = path.join(await tempDir(), 'cache');
    const files = Object.values(await threeFormatFolder(dir));
    const { index } = await openIndex({ roots: [dir], cacheDir });
    await until(index, () => index.answer().sessions.length === files.length);
    const cached = async () => (await readdir(cacheDir)).filter((name) => !name.endsWith('.tmp')).sort();
    const before = await cached();
    await rm(files[0] ?? '');
    await until(index, () => index.answer().sessions.length === files.length - 1);
    // Its entry (which holds its search text) goes; every other file's (sessions, and files read and found not to be one) stay.
    await expect.poll(async () => (await cached()).length).toBe(before.length - 1);
    expect((await cached()).every((name) => before.includes(name))).toBe(true);
    // What is left is the others' cache: reopening reads no session bytes.
    const again = await openIndex({ roots: [dir], cacheDir });
    expect(again.index.answer().sessions).toHaveLength(files.length - 1);
    expect(again.counted.bytes).toBe(0);
  });

  it('an aborted wait for a change leaves no waiter and no timer behind', async () => {
    const dir = await tempDir();
    const { index } = await openIndex({ roots: [dir], fallbackMs: 3_600_000 });
    vi.useFakeTimers();
    const timersBefore = vi.getTimerCount();
    const controllers = Array.from({ length: 50 }, () => new AbortController());
    const waits = controllers.map((controller) => index.changed(index.version, controller.signal));
    expect(index.waiting).toBe(50);
    expect(vi.getTimerCount()).toBe(timersBefore + 50);
    for (const controller of controllers) controller.abort();
    await Promise.all(waits);
    expect(index.waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(timersBefore);
  });

  it('a wait ends when the version moves, or when its hold passes', async () => {
    const dir = await tempDir();
    const { index } = await openIndex({ roots: [dir] });
    await expect(index.changed(index.version - 1)).resolves.toBeUndefined();
    vi.useFakeTimers();
    const held = index.changed(index.version);
    vi.advanceTimersByTime(25_000);
    await held;
    expect(index.waiting).toBe(0);
  });
});
