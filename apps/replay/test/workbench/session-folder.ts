import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { conversationCounts, readAgentLog, sessionFactsOf } from '@toolcard/ui-tool-image/model';

import { summarisedLog, type SummarisedSession } from '../../src/workbench/session-summary.ts';
import { recordedSession } from '../support/recorded-session.ts';
import { claudeCodeTranscript, codexRollout } from '../support/foreign-sessions.ts';
import { base64Of, imageBytes } from '../support/inline-images.ts';

/** Distinct real images (sharp), as base64. */
export const screenshot = base64Of(await imageBytes('png', '#2060c0', 40, 30));
export const pasted = base64Of(await imageBytes('jpeg', '#c06020', 30, 20));
export const generated = base64Of(await imageBytes('png', '#20c060', 24, 24));

/**
 * A folder holding one session of each of three formats, as their agents write them: our own log
 * (recorded by the real host adapter, two reads of one image and one of another), a Claude Code
 * transcript and a Codex rollout with inline images. Returns the files' paths.
 */
export async function threeFormatFolder(dir: string) {
  await mkdir(path.join(dir, 'harness'));
  const ours = await recordedSession(path.join(dir, 'harness'));
  await ours.userSays('Compare the RED and blue swatches');
  await ours.readImage('red.png');
  await ours.readImage('blue.png');
  await ours.readImage('red.png');
  const claudeDir = path.join(dir, 'claude', '-home-qa-project');
  await mkdir(claudeDir, { recursive: true });
  const claude = path.join(claudeDir, 'c1a0de00-0000-4000-8000-000000000001.jsonl');
  await writeFile(claude, claudeCodeTranscript(screenshot, pasted));
  const codexDir = path.join(dir, 'codex', '2026', '01', '10');
  await mkdir(codexDir, { recursive: true });
  const codex = path.join(codexDir, 'rollout-2026-01-10T09-00-00-session-1.jsonl');
  await writeFile(codex, codexRollout(`data:image/png;base64,${generated}`, screenshot));
  return { toolcard: ours.logPath, claude, codex };
}

/** What the model's own reader says of the whole file read at once (inline images and all): the reference a streamed summary must equal. */
export async function readWhole(file: string) {
  const log = readAgentLog(await readFile(file, 'utf8'));
  const counts = conversationCounts(log.conversation.items);
  const facts = sessionFactsOf(log);
  return {
    format: log.format,
    calls: counts.calls,
    imageCalls: counts.imageCalls,
    images: counts.images,
    failedCalls: counts.failures,
    problems: log.problems.length,
    startedAt: facts.startedAt ?? null,
  };
}

/** What the model's reader gives the whole file read at once, as a whole summary and search text: what a streamed reading must equal. */
export async function summarisedWhole(file: string): Promise<SummarisedSession> {
  return summarisedLog(readAgentLog(await readFile(file, 'utf8')), file);
}

async function sharedFolderFiles(name: string): Promise<string[]> {
  const dir = path.resolve(import.meta.dirname, '../../../../../shared', name);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && /\.jsonl?$/.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every session file under the shared folders (`../shared` beside the repository: reference logs, the harness corpus, other agents’ files), read where they are, never copied. */
export async function sharedSessionFiles(): Promise<string[]> {
  const files = (await Promise.all(['reference-logs', 'corpus/harness-logs', 'foreign-logs'].map(sharedFolderFiles))).flat();
  if (files.length === 0) console.warn('Shared session files skipped: ../shared beside the repository is absent.');
  return files;
}
