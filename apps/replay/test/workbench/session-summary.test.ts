import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SessionReading } from '../../src/workbench/session-summary.ts';
import {
  claudeCodeSubagentFile,
  claudeCodeTaskTranscript,
  claudeCodeTranscript,
  prettyAnthropicMessages,
  SUBAGENT_SESSION_ID,
} from '../support/foreign-sessions.ts';
import { LONG_BASE64_RUN } from '../support/inline-images.ts';
import { useTempDirs } from '../temp-dirs.ts';
import { pasted, readWhole, screenshot, sharedSessionFiles, summarisedWhole, threeFormatFolder } from './session-folder.ts';

const tempDir = useTempDirs();

async function summarise(file: string, chunkBytes?: number) {
  let bytes = 0;
  const reading = new SessionReading(file, { onBytes: (n) => (bytes += n), ...(chunkBytes === undefined ? {} : { chunkBytes }) });
  await reading.readMore();
  return { ...reading.summarised(path.basename(file)), bytes, reading };
}

describe('SessionReading: one session file summarised in a streaming pass', () => {
  it('counts each of three formats as the model’s reader does reading the whole file, inline images and all', async () => {
    const files = await threeFormatFolder(await tempDir());
    for (const file of Object.values(files)) {
      const { summary } = await summarise(file, 100);
      expect(summary, file).toMatchObject(await readWhole(file));
    }
    const ours = (await summarise(files.toolcard)).summary;
    expect(ours).toMatchObject({
      format: 'toolcard',
      calls: 3,
      imageCalls: 3,
      images: 2,
      failedCalls: 0,
      tools: ['read_image'],
      title: 'Compare the RED and blue swatches',
    });
    const claude = (await summarise(files.claude)).summary;
    expect(claude).toMatchObject({
      format: 'claude-code',
      calls: 1,
      imageCalls: 1,
      images: 2,
      tools: ['Read'],
      title: 'look at the login screen',
      durationMs: 3000,
    });
    expect(claude.startedAt).toBe(Date.UTC(2025, 9, 1, 12, 0, 1));
    const codex = (await summarise(files.codex)).summary;
    expect(codex).toMatchObject({ format: 'codex', images: 2, title: 'make an icon like this' });
  });

  it('one JSON document over many lines is read whole, its images replaced, to the same counts', async () => {
    const file = path.join(await tempDir(), 'messages.json');
    await writeFile(file, prettyAnthropicMessages(screenshot));
    const { summary, searchText } = await summarise(file, 64);
    expect(summary).toMatchObject({ ...(await readWhole(file)), format: 'anthropic-messages', images: 1, title: 'what is in this picture?' });
    expect(LONG_BASE64_RUN.test(searchText)).toBe(false);
  });

  it('search text: prompts, arguments and results, lowercased, never base64', async () => {
    const files = await threeFormatFolder(await tempDir());
    const ours = await summarise(files.toolcard);
    expect(ours.searchText).toContain('compare the red and blue swatches');
    expect(ours.searchText).toContain('"file_path":"red.png"');
    const claude = await summarise(files.claude);
    expect(claude.searchText).toContain('/home/qa/project/login.png');
    expect(claude.searchText).toContain('and this one i pasted');
    for (const { searchText } of [ours, claude, await summarise(files.codex)]) {
      expect(searchText).toBe(searchText.toLowerCase());
      expect(LONG_BASE64_RUN.test(searchText)).toBe(false);
      expect(searchText).not.toContain(screenshot.slice(0, 40).toLowerCase());
      expect(searchText).not.toContain(pasted.slice(0, 40).toLowerCase());
    }
  });

  it('search text: a result’s long base64 (an encoded file, not an image) is left out, its words around it kept', async () => {
    const file = path.join(await tempDir(), 'encoded.jsonl');
    const encoded = Buffer.from('x'.repeat(600)).toString('base64');
    await writeFile(file, claudeCodeTranscript(screenshot, pasted).replace('look at the login screen', `encode it: ${encoded} done`));
    const { searchText } = await summarise(file);
    expect(searchText).toContain('encode it:');
    expect(searchText).toContain(' done');
    expect(searchText).not.toContain(encoded.slice(0, 40).toLowerCase());
  });

  it('a title is the first prompt on one line, at most 200 characters; the file’s name when the user said nothing', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'long.jsonl');
    const prompt = `first line\n\n${'word '.repeat(100)}`;
    await writeFile(file, claudeCodeTranscript(screenshot, pasted).replace('look at the login screen', prompt.replace(/\n/g, '\\n')));
    const { title } = (await summarise(file)).summary;
    expect(title).toHaveLength(200);
    expect(title.startsWith('first line word word')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
    const silent = path.join(dir, 'silent.jsonl');
    await writeFile(silent, claudeCodeTranscript(screenshot, pasted).split('\n').slice(1, 3).join('\n'));
    expect((await summarise(silent)).summary.title).toBe('silent.jsonl');
  });

  it('a title skips the context Claude Code puts before the prompt (the IDE’s open file: a context message of its own), and is the file’s name when nothing else was said', async () => {
    const dir = await tempDir();
    const context = '<ide_opened_file>The user opened the file /repo/src/app.ts in the IDE.</ide_opened_file>';
    const withContext = path.join(dir, 'ide.jsonl');
    const prompt = [
      { type: 'text', text: context },
      { type: 'text', text: 'fix <b>the</b> header' },
    ];
    await writeFile(
      withContext,
      claudeCodeTranscript(screenshot, pasted).replace('"content":"look at the login screen"', `"content":${JSON.stringify(prompt)}`),
    );
    expect((await summarise(withContext)).summary.title).toBe('fix <b>the</b> header');
    const onlyContext = path.join(dir, 'context.jsonl');
    await writeFile(onlyContext, claudeCodeTranscript(screenshot, pasted).replace('look at the login screen', context.replaceAll('/', '\\/')));
    const contextTitle = (await summarise(onlyContext)).summary.title;
    expect(contextTitle.startsWith('<ide_opened_file>')).toBe(false);
    expect(contextTitle).toBe('and this one I pasted');
    const nothingElse = path.join(dir, 'nothing-else.jsonl');
    await writeFile(
      nothingElse,
      claudeCodeTranscript(screenshot, pasted).split('\n')[0]?.replace('look at the login screen', context.replaceAll('/', '\\/')) ?? '',
    );
    expect((await summarise(nothingElse)).summary.title).toBe('nothing-else.jsonl');
  });

  it('a grown file is read on from where the reading stopped, to the same summary as a fresh reading', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'grows.jsonl');
    const [head = '', second = '', ...rest] = claudeCodeTranscript(screenshot, pasted).split(/(?<=\n)/);
    const start = `${head}${second.slice(0, 50)}`;
    await writeFile(file, start);
    const first = await summarise(file);
    expect(first.summary.calls).toBe(0);
    const grown = [second, ...rest].join('').slice(50);
    await appendFile(file, grown);
    let bytes = 0;
    const again = new SessionReading(file, { onBytes: (n) => (bytes += n) });
    await again.readMore();
    bytes = 0;
    // The kept reading reads only the new bytes (and the 64 before them that show the file is the same one).
    const kept = new SessionReading(file, { onBytes: (n) => (bytes += n) });
    await writeFile(file, start);
    await kept.readMore();
    await appendFile(file, grown);
    bytes = 0;
    await kept.readMore();
    expect(bytes).toBe(Buffer.byteLength(grown) + 64);
    expect(kept.summarised('grows.jsonl')).toEqual(again.summarised('grows.jsonl'));
  });

  it('a reading cannot go on when the file shrank, or was written again with other bytes where it had stopped', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'replaced.jsonl');
    const text = claudeCodeTranscript(screenshot, pasted);
    await writeFile(file, text);
    const shrunk = (await summarise(file)).reading;
    await writeFile(file, text.slice(0, -10));
    expect(await shrunk.readMore()).toBeUndefined();
    await writeFile(file, text);
    const rewritten = (await summarise(file)).reading;
    await writeFile(file, `${text.slice(0, -20)}${'x'.repeat(20)}\n{}\n`);
    expect(await rewritten.readMore()).toBeUndefined();
    await writeFile(file, text);
    const grown = (await summarise(file)).reading;
    await appendFile(file, '{}\n');
    expect(await grown.readMore()).toBeDefined();
  });

  it('a line over the cap is one problem, its bytes dropped, whether it comes amid a run of whole lines or cut across chunks', async () => {
    const file = path.join(await tempDir(), 'long-line.jsonl');
    const [head = '', second = '', ...rest] = claudeCodeTranscript(screenshot, pasted).split(/(?<=\n)/);
    // Amid the lines, a second prompt too long to read: read, it would be in the search text.
    await writeFile(file, [head, second, head.replace('look at the login screen', `zebra ${'x'.repeat(5000)}`), ...rest].join(''));
    const readings = await Promise.all(
      [undefined, 100].map(async (chunkBytes) => {
        const reading = new SessionReading(file, { maxLineBytes: 2000, ...(chunkBytes === undefined ? {} : { chunkBytes }) });
        await reading.readMore();
        return reading.summarised('long-line.jsonl');
      }),
    );
    expect(readings[0]?.summary).toMatchObject({ problems: 1, calls: 1, images: 2 });
    expect(readings[0]?.searchText).not.toContain('zebra');
    expect(readings[0]).toEqual(readings[1]);
  });

  it('a Claude Code transcript’s subagent files are read with it: their calls count under the Task that started them', async () => {
    const dir = await tempDir();
    const transcript = path.join(dir, `${SUBAGENT_SESSION_ID}.jsonl`);
    await writeFile(transcript, claudeCodeTaskTranscript({ agentId: 'a1', version: '2.1.3', finished: true }));
    const subagents = path.join(dir, SUBAGENT_SESSION_ID, 'subagents');
    await mkdir(subagents, { recursive: true });
    await writeFile(path.join(subagents, 'agent-a1.jsonl'), claudeCodeSubagentFile({ agentId: 'a1', version: '2.1.3', screenshot }));
    const { summary } = await summarise(transcript);
    expect(summary).toMatchObject({ calls: 3, imageCalls: 1, images: 1, tools: ['Grep', 'Read', 'Task'] });
  });
});

/** Real files of other agents, read where CI keeps them (`../shared` beside the repository), never copied into it. */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/foreign-logs');
const present = existsSync(SAMPLES);
const samples = present
  ? (
      await Promise.all(
        ['claude-code', 'codex'].map(async (agent) => (await readdir(path.join(SAMPLES, agent))).map((file) => path.join(SAMPLES, agent, file))),
      )
    ).flat()
  : [];

describe.skipIf(!present)('SessionReading on the real sample files of other agents', () => {
  it.each(samples)('%s: counts as the whole file read at once', async (sample) => {
    const { summary, searchText } = await summarise(sample, 4096);
    expect(summary).toMatchObject(await readWhole(sample));
    expect(LONG_BASE64_RUN.test(searchText)).toBe(false);
  });

  it('a Claude Code transcript started from an IDE is titled by what the user asked, not the file the IDE had open', async () => {
    const { title } = (await summarise(path.join(SAMPLES, 'claude-code', 'claude-code-log__9e953218-585f-4692-89df-9e0747a31c68.jsonl'))).summary;
    expect(title.startsWith('I have @pu')).toBe(true);
  });
});

const shared = await sharedSessionFiles();

describe.skipIf(shared.length === 0)('SessionReading on every shared session file (reference logs, the harness corpus, other agents’ files)', () => {
  it('the summary and search text are the model’s for the whole file, read in runs of whole lines or in chunks that cut lines anywhere', async () => {
    for (const file of shared) {
      const whole = await summarisedWhole(file);
      for (const chunkBytes of [undefined, 4096, 100]) {
        const { summary, searchText } = await summarise(file, chunkBytes);
        expect({ summary, searchText }, `${file} in chunks of ${String(chunkBytes ?? 'the default')}`).toEqual(whole);
      }
    }
  });
});
