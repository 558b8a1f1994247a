import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { directorySessionSource } from '../../src/http/session-source.ts';
import { useTempDirs } from '../support/temp-workspace.ts';

const tempDir = useTempDirs();

describe('directorySessionSource', () => {
  it('reads <dir>/<sessionId>.jsonl and answers undefined for an unknown session', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 's-1.jsonl'), '{"type":"session"}\n');
    const source = directorySessionSource(dir);

    expect(await source.readLog('s-1')).toBe('{"type":"session"}\n');
    expect(await source.readLog('s-2')).toBeUndefined();
    expect(await directorySessionSource(path.join(dir, 'missing')).readLog('s-1')).toBeUndefined();
  });

  it('never builds a path from an id that is not a plain token', async () => {
    const root = await tempDir();
    const dir = path.join(root, 'logs');
    await mkdir(dir);
    await writeFile(path.join(root, 'secret.jsonl'), 'outside');
    const source = directorySessionSource(dir);

    expect(await source.readLog('../secret')).toBeUndefined();
    expect(await source.readLog('..')).toBeUndefined();
  });
});
