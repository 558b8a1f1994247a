import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { runReviewsCommand } from '../src/cli/reviews-command.ts';
import { ReplayUsageError } from '../src/cli/args.ts';
import { appendReview, readReview, reviewFilePath } from '../src/reviews/review-file.ts';
import { callTarget, type ReviewLine } from '../src/reviews/review-line.ts';
import { useTempDirs } from './temp-dirs.ts';

const tempDir = useTempDirs();
const APP_DIR = path.resolve(import.meta.dirname, '..');

function verdict(target: string, value: ReviewLine['verdict'], extra: Partial<ReviewLine> = {}): ReviewLine {
  return { at: '2026-12-04T10:00:00.000Z', reviewer: 'qa', target, verdict: value, ...extra };
}

async function sessionLog(dir: string, name = 'run.jsonl'): Promise<string> {
  const logPath = path.join(dir, name);
  await mkdir(path.dirname(logPath), { recursive: true });
  await writeFile(logPath, '{"type":"session","data":{}}\n');
  return logPath;
}

const digest = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('review file: appended lines, the latest per target stands', () => {
  it('keeps the last verdict given for each target, a note alone included, and never writes the log', async () => {
    const logPath = await sessionLog(await tempDir());
    const before = await digest(logPath);
    const reviewPath = reviewFilePath(logPath);
    expect(reviewPath).toBe(`${logPath}.review.jsonl`);
    await appendReview(reviewPath, verdict(callTarget('c1'), 'fail', { note: 'wrong crop' }));
    await appendReview(reviewPath, verdict(callTarget('c1', 0), 'pass'));
    await appendReview(reviewPath, verdict(callTarget('c1'), 'pass'));
    await appendReview(reviewPath, verdict(callTarget('c2'), null, { note: 'ask the designer' }));

    const { byTarget, problems } = await readReview(reviewPath);
    expect(problems).toEqual([]);
    expect(Object.fromEntries([...byTarget].map(([target, line]) => [target, [line.verdict, line.note]]))).toEqual({
      'call:c1/image:0': ['pass', undefined],
      'call:c1': ['pass', undefined],
      'call:c2': [null, 'ask the designer'],
    });
    expect(await digest(logPath)).toBe(before);
  });

  it('reads a missing file as no review, skips a line still being written, and names malformed lines', async () => {
    const dir = await tempDir();
    expect(await readReview(path.join(dir, 'none.review.jsonl'))).toEqual({ byTarget: new Map(), problems: [] });
    const reviewPath = path.join(dir, 'run.jsonl.review.jsonl');
    const good = JSON.stringify(verdict('call:c1', 'pass'));
    await writeFile(
      reviewPath,
      [
        'not json',
        '[1]',
        JSON.stringify({ ...verdict('call:c1', 'fail'), target: '../../etc/passwd' }),
        JSON.stringify({ ...verdict('call:c1', 'fail'), verdict: 'maybe' }),
        JSON.stringify({ ...verdict('call:c1', 'fail'), at: 'yesterday' }),
        good,
        '',
        good.slice(0, 20),
      ].join('\n'),
    );
    const { byTarget, problems } = await readReview(reviewPath);
    expect([...byTarget.keys()]).toEqual(['call:c1']);
    expect(problems.map(({ line }) => line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not glue a new line to one a crash left torn', async () => {
    const reviewPath = path.join(await tempDir(), 'run.jsonl.review.jsonl');
    await writeFile(reviewPath, JSON.stringify(verdict('call:c1', 'pass')).slice(0, 30));
    await appendReview(reviewPath, verdict('call:c2', 'fail'));
    const { byTarget, problems } = await readReview(reviewPath);
    expect([...byTarget.keys()]).toEqual(['call:c2']);
    expect(problems).toHaveLength(1);
  });

  it('loses nothing when two processes and many concurrent appends review one session at once', async () => {
    const reviewPath = path.join(await tempDir(), 'run.jsonl.review.jsonl');
    const perWriter = 200;
    const writer = (name: string) =>
      new Promise<void>((resolve, reject) => {
        const script = `
          import { appendReview } from './src/reviews/review-file.ts';
          const [file, name, count] = process.argv.slice(1);
          await Promise.all(Array.from({ length: Number(count) }, (_, n) =>
            appendReview(file, { at: new Date().toISOString(), reviewer: name, target: 'call:' + name + '-' + n, verdict: 'pass' })));
        `;
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, reviewPath, name, String(perWriter)], {
          cwd: APP_DIR,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => {
          if (code === 0) resolve();
          else reject(new Error(`writer ${name} exited ${String(code)}: ${stderr}`));
        });
      });
    await Promise.all([writer('tab-a'), writer('server-b')]);
    const { byTarget, problems } = await readReview(reviewPath);
    expect(problems).toEqual([]);
    expect(byTarget.size).toBe(2 * perWriter);
  });
});

describe('pnpm replay reviews', () => {
  async function reviewedFolder() {
    const dir = await tempDir();
    const passed = await sessionLog(dir, 'nightly/passed.jsonl');
    const failed = await sessionLog(dir, 'nightly/deep/failed.jsonl');
    await sessionLog(dir, 'nightly/unreviewed.jsonl');
    await appendReview(reviewFilePath(passed), verdict('call:a', 'pass'));
    await appendReview(reviewFilePath(failed), verdict('call:b', 'pass'));
    await appendReview(reviewFilePath(failed), verdict('call:b/image:0', 'fail', { note: '=HYPERLINK("x") "quoted", </failure><x>' }));
    return { dir, passed, failed };
  }

  it('prints every standing verdict of a folder as JSON and exits 1 when one is Fail', async () => {
    const { dir } = await reviewedFolder();
    const { text, exitCode } = await runReviewsCommand(['nightly'], dir);
    expect(exitCode).toBe(1);
    const sessions = JSON.parse(text) as { session: string; verdicts: ReviewLine[] }[];
    expect(sessions.map(({ session, verdicts }) => [session, verdicts.map((line) => `${line.target}=${String(line.verdict)}`)])).toEqual([
      [path.join('nightly', 'deep', 'failed.jsonl'), ['call:b=pass', 'call:b/image:0=fail']],
      [path.join('nightly', 'passed.jsonl'), ['call:a=pass']],
    ]);
  });

  it('exits 0 when nothing stands as Fail, naming the session by its log', async () => {
    const { dir, passed } = await reviewedFolder();
    const { text, exitCode } = await runReviewsCommand([passed], dir);
    expect(exitCode).toBe(0);
    expect((JSON.parse(text) as { session: string }[]).map(({ session }) => session)).toEqual([path.join('nightly', 'passed.jsonl')]);
  });

  it('writes CSV a spreadsheet will not run, and JUnit a CI reads, with hostile notes kept as text', async () => {
    const { dir, failed } = await reviewedFolder();
    const { text: csv } = await runReviewsCommand([failed, '--format', 'csv'], dir);
    expect(csv.split('\r\n')).toEqual([
      'session,target,verdict,reviewer,at,note',
      `${path.join('nightly', 'deep', 'failed.jsonl')},call:b,pass,qa,2026-12-04T10:00:00.000Z,`,
      `${path.join('nightly', 'deep', 'failed.jsonl')},call:b/image:0,fail,qa,2026-12-04T10:00:00.000Z,"'=HYPERLINK(""x"") ""quoted"", </failure><x>"`,
      '',
    ]);
    const { text: junit } = await runReviewsCommand([failed, '--format', 'junit'], dir);
    expect(junit).toContain('<testsuite name="nightly/deep/failed.jsonl" tests="2" failures="1">');
    expect(junit).toContain('<testcase classname="nightly/deep/failed.jsonl" name="call:b"/>');
    expect(junit).toContain('<failure message="qa at 2026-12-04T10:00:00.000Z: =HYPERLINK(&quot;x&quot;) &quot;quoted&quot;, &lt;/failure&gt;&lt;x&gt;"/>');
    expect(junit.match(/<failure /g)).toHaveLength(1);
  });

  it('refuses an unknown format, a missing path and no path, naming what it accepts', async () => {
    const { dir } = await reviewedFolder();
    await expect(runReviewsCommand(['nightly', '--format', 'xml'], dir)).rejects.toThrow('--format must be one of json, csv, junit, got "xml"');
    await expect(runReviewsCommand(['nowhere'], dir)).rejects.toThrow(ReplayUsageError);
    await expect(runReviewsCommand([], dir)).rejects.toThrow('name at least one session file or folder');
  });

  it('reads a review file appended to by hand (a line added with echo)', async () => {
    const { dir, passed } = await reviewedFolder();
    await appendFile(reviewFilePath(passed), `${JSON.stringify(verdict('call:a', 'fail'))}\n`);
    expect((await runReviewsCommand([passed], dir)).exitCode).toBe(1);
  });
});
