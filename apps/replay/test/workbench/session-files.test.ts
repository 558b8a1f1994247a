import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { candidateFiles, sessionRoots } from '../../src/workbench/session-files.ts';
import { useTempDirs } from '../temp-dirs.ts';

const tempDir = useTempDirs();

async function put(file: string, text = '{}\n'): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

async function idsUnder(...roots: string[]): Promise<string[]> {
  return (await Promise.all((await sessionRoots(roots)).map(candidateFiles))).flat().map((file) => file.id);
}

describe('candidateFiles: the files under a root that may be sessions', () => {
  it('finds .jsonl and .json files at any depth, and skips review sidecars, hidden folders, node_modules and Claude Code subagent folders', async () => {
    const dir = await tempDir();
    await put(path.join(dir, 'a.jsonl'));
    await put(path.join(dir, 'a.jsonl.review.jsonl'));
    await put(path.join(dir, 'deep', 'er', 'b.json'));
    await put(path.join(dir, 'notes.txt'));
    await put(path.join(dir, '.hidden', 'c.jsonl'));
    await put(path.join(dir, 'node_modules', 'pkg', 'd.json'));
    await put(path.join(dir, 'proj', 'sess.jsonl'));
    await put(path.join(dir, 'proj', 'sess', 'subagents', 'agent-1.jsonl'));
    // A folder named subagents with no transcript beside it is an ordinary folder.
    await put(path.join(dir, 'mine', 'subagents', 'e.jsonl'));
    expect(await idsUnder(dir)).toEqual(['a.jsonl', 'deep/er/b.json', 'mine/subagents/e.jsonl', 'proj/sess.jsonl']);
  });

  it('does not follow a symlink out of the root, to a file or a folder', async () => {
    const outside = await tempDir();
    await put(path.join(outside, 'secret.jsonl'));
    const dir = await tempDir();
    await put(path.join(dir, 'inside.jsonl'));
    await symlink(path.join(outside, 'secret.jsonl'), path.join(dir, 'link.jsonl'));
    await symlink(outside, path.join(dir, 'linked-folder'));
    expect(await idsUnder(dir)).toEqual(['inside.jsonl']);
  });

  it('a file given alone is listed by its name, whatever it is called', async () => {
    const dir = await tempDir();
    await put(path.join(dir, 'log.txt'));
    const [root] = await sessionRoots([path.join(dir, 'log.txt')]);
    const [file] = root === undefined ? [] : await candidateFiles(root);
    expect(file).toMatchObject({ id: 'log.txt', file: 'log.txt', explicit: true });
  });

  it('with several roots, ids start with each root folder’s name, made unique in the order given', async () => {
    const base = await tempDir();
    for (const folder of ['x/logs', 'y/logs', 'logs-2']) await put(path.join(base, folder, 'run.jsonl'));
    await put(path.join(base, 'single.jsonl'));
    const ids = await idsUnder(
      path.join(base, 'x/logs'),
      path.join(base, 'y/logs'),
      path.join(base, 'logs-2'),
      path.join(base, 'single.jsonl'),
      path.join(base, 'x/logs'),
    );
    expect(ids).toEqual(['logs/run.jsonl', 'logs-2/run.jsonl', 'logs-2-2/run.jsonl', 'single.jsonl']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('files given by the same name are shown with as many of their folders as tell them apart; their ids stay their names', async () => {
    const base = await tempDir();
    const given = ['runs/golden/session.jsonl', 'runs/new/session.jsonl', 'old/new/session.jsonl', 'other.jsonl'].map((file) => path.join(base, file));
    for (const file of given) await put(file);
    const files = (await Promise.all((await sessionRoots(given)).map(candidateFiles))).flat();
    expect(files.map(({ id, file }) => ({ id, file }))).toEqual([
      { id: 'session.jsonl', file: 'golden/session.jsonl' },
      { id: 'session.jsonl-2', file: 'runs/new/session.jsonl' },
      { id: 'session.jsonl-3', file: 'old/new/session.jsonl' },
      { id: 'other.jsonl', file: 'other.jsonl' },
    ]);
  });
});
