import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { parseSessionLog } from '@toolcard/ui-tool-image';

import { repeatLog } from '../../../../stories/support/repeat-log.ts';

const LONG_SESSION = path.resolve(import.meta.dirname, '../../../../stories/fixtures/sessions/15-long-session.jsonl');

/**
 * Writes the recorded long session (300 calls) repeated `times` over, ids rewritten, as a JSONL
 * log: the same long session the UI benchmark and the long-session stories use (`repeatLog`). Only
 * the events a replay reads are written, so the file's line numbers are its own.
 */
export async function writeLongSession(file: string, times: number): Promise<{ readonly bytes: number; readonly events: number }> {
  const recorded = parseSessionLog(await readFile(LONG_SESSION, 'utf8'));
  const { header, events } = repeatLog(recorded, times);
  const lines = [JSON.stringify({ type: 'session', ...header })];
  for (const { type, data, sourceEventSeqs, surfaceOp } of events) lines.push(JSON.stringify({ type, data, sourceEventSeqs, surfaceOp }));
  const text = `${lines.join('\n')}\n`;
  await writeFile(file, text);
  return { bytes: Buffer.byteLength(text), events: events.length };
}
