import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SessionRecorder } from '../../src/log/session-recorder.ts';
import { FileSink, MemorySink, type LogSink } from '../../src/log/sinks.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { countingIds, FIXED_CLOCK } from './deterministic-sources.ts';

const tempDir = useTempDirs();

async function recordShortSession(sink: LogSink): Promise<void> {
  const recorder = await SessionRecorder.open({ sink, cwd: '/work', clock: FIXED_CLOCK, ids: countingIds() });
  await recorder.startTurn(1);
  await recorder.endTurn(1);
}

describe('FileSink', () => {
  it('creates the file and holds exactly what a MemorySink holds', async () => {
    const file = path.join(await tempDir(), 'session.jsonl');
    const memory = new MemorySink();

    await recordShortSession(new FileSink(file));
    await recordShortSession(memory);

    expect(await readFile(file, 'utf8')).toBe(memory.text());
    expect(memory.text()).toBe(
      [
        '{"type":"session","version":0,"id":"id-1","createdAt":1783951000000,"cwd":"/work"}',
        '{"type":"turn/start","data":{"turn":1}}',
        '{"type":"turn/end","data":{"turn":1,"reason":{"kind":"completed"}}}',
        '',
      ].join('\n'),
    );
  });

  it('appends to an existing file instead of replacing it', async () => {
    const file = path.join(await tempDir(), 'session.jsonl');
    await writeFile(file, '{"earlier":true}\n');
    const sink = new FileSink(file);

    await sink.append('{"a":1}');
    await sink.append('{"b":2}');

    expect(await readFile(file, 'utf8')).toBe('{"earlier":true}\n{"a":1}\n{"b":2}\n');
  });
});
