import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { readReview } from '../../src/reviews/review-file.ts';
import { S3SessionMirror, type S3SessionMirrorOptions } from '../../src/s3/s3-session-mirror.ts';
import { useTempDirs } from '../temp-dirs.ts';
import { startHostileS3Server } from './support/hostile-s3-server.ts';
import { deleteObject, getsUnder, putObject, useS3Server } from './support/s3.ts';

const tempDir = useTempDirs();
const s3 = useS3Server();
let prefixes = 0;

/** A fresh prefix per test: tests share one server. */
const freshPrefix = () => `mirror-${String(++prefixes)}/`;

/** The files under `dir`, relative, sorted (hidden ones included). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function newMirror(prefix: string, folder: string, options: Partial<S3SessionMirrorOptions> = {}) {
  const errors: string[] = [];
  const mirror = new S3SessionMirror({
    location: { bucket: s3.server().bucket, prefix },
    folder,
    client: s3.server().clientConfig(),
    onError: (error) => errors.push(error.message),
    ...options,
  });
  return { mirror, errors };
}

describe('S3SessionMirror: the session objects under a prefix, as files of a folder', () => {
  it('downloads every session file and review sidecar under the prefix, and nothing else', async () => {
    const prefix = freshPrefix();
    const { bucket } = s3.server();
    const admin = s3.admin();
    await putObject(admin, bucket, `${prefix}run-1.jsonl`, '{"type":"session","n":1}\n');
    await putObject(admin, bucket, `${prefix}run-1.jsonl.review.jsonl`, '{"verdict":"pass"}\n');
    await putObject(admin, bucket, `${prefix}claude/project/abc.jsonl`, '{"type":"user"}\n');
    await putObject(admin, bucket, `${prefix}responses.json`, '{"output":[]}');
    await putObject(admin, bucket, `${prefix}shot.png`, 'not a session');
    await putObject(admin, bucket, `${prefix.slice(0, -1)}-other/outside.jsonl`, 'not under the prefix');
    const folder = path.join(await tempDir(), 'mirror');
    const { mirror, errors } = newMirror(prefix, folder);
    try {
      const sync = await mirror.start();
      expect(sync).toEqual({
        downloaded: [`${prefix}claude/project/abc.jsonl`, `${prefix}responses.json`, `${prefix}run-1.jsonl`, `${prefix}run-1.jsonl.review.jsonl`],
        removed: [],
        unchanged: 0,
        refused: [],
        failed: [],
      });
      expect(await filesUnder(folder)).toEqual([
        '.s3-mirror-manifest',
        'claude/project/abc.jsonl',
        'responses.json',
        'run-1.jsonl',
        'run-1.jsonl.review.jsonl',
      ]);
      expect(await readFile(path.join(folder, 'run-1.jsonl'), 'utf8')).toBe('{"type":"session","n":1}\n');
      expect(await readFile(path.join(folder, 'responses.json'), 'utf8')).toBe('{"output":[]}');
      expect(errors).toEqual([]);
    } finally {
      await mirror.close();
    }
  });

  it('reopened on an unchanged bucket downloads nothing; then fetches only what changed, and deletes what was deleted', async () => {
    const prefix = freshPrefix();
    const { bucket } = s3.server();
    const admin = s3.admin();
    for (const name of ['a.jsonl', 'b.jsonl', 'c.jsonl', 'd/e.jsonl']) await putObject(admin, bucket, `${prefix}${name}`, `{"name":"${name}"}\n`);
    const folder = path.join(await tempDir(), 'mirror');
    const first = newMirror(prefix, folder);
    await first.mirror.start();
    await first.mirror.close();
    expect(getsUnder(s3.server(), prefix)).toHaveLength(4);

    const again = newMirror(prefix, folder);
    try {
      expect(await again.mirror.start()).toMatchObject({ downloaded: [], removed: [], unchanged: 4 });
      expect(getsUnder(s3.server(), prefix)).toHaveLength(4);

      await putObject(admin, bucket, `${prefix}b.jsonl`, '{"name":"b, grown"}\n{"more":1}\n');
      await deleteObject(admin, bucket, `${prefix}d/e.jsonl`);
      await rm(path.join(folder, 'c.jsonl')); // a local copy lost: fetched again though its ETag is known
      expect(await again.mirror.sync()).toMatchObject({ downloaded: [`${prefix}b.jsonl`, `${prefix}c.jsonl`], removed: [`${prefix}d/e.jsonl`], unchanged: 1 });
      expect(getsUnder(s3.server(), prefix).slice(4).sort()).toEqual([`${prefix}b.jsonl`, `${prefix}c.jsonl`]);
      expect(await readFile(path.join(folder, 'b.jsonl'), 'utf8')).toBe('{"name":"b, grown"}\n{"more":1}\n');
      expect(await filesUnder(folder)).toEqual(['.s3-mirror-manifest', 'a.jsonl', 'b.jsonl', 'c.jsonl']);
      expect(again.errors).toEqual([]);
    } finally {
      await again.mirror.close();
    }
  });

  it('refuses keys that would leave the folder (s3rver: a backslash; a hostile server: "..", "//", "."), reports each once, writes none', async () => {
    const prefix = freshPrefix();
    const { bucket } = s3.server();
    await putObject(s3.admin(), bucket, `${prefix}..\\..\\evil.jsonl`, 'evil');
    await putObject(s3.admin(), bucket, `${prefix}good.jsonl`, 'good\n');
    const base = await tempDir();
    const folder = path.join(base, 'mirror');
    const { mirror, errors } = newMirror(prefix, folder);
    try {
      expect(await mirror.start()).toMatchObject({ downloaded: [`${prefix}good.jsonl`], refused: [`${prefix}..\\..\\evil.jsonl`] });
      await mirror.sync();
      expect(errors).toEqual([`Refused to mirror S3 key ${JSON.stringify(`${prefix}..\\..\\evil.jsonl`)}: it contains a backslash.`]);
      expect(getsUnder(s3.server(), prefix)).toEqual([`${prefix}good.jsonl`]);
      expect(await filesUnder(base)).toEqual(['mirror/.s3-mirror-manifest', 'mirror/good.jsonl']);
    } finally {
      await mirror.close();
    }

    const hostileKeys = ['p/../escape.jsonl', 'p/a/../../escape.jsonl', 'p//etc/cron.jsonl', 'p/./a.jsonl', 'p/a//b.jsonl', 'p/ok.jsonl'];
    const hostile = await startHostileS3Server(hostileKeys);
    const hostileBase = await tempDir();
    const hostileErrors: string[] = [];
    const hostileMirror = new S3SessionMirror({
      location: { bucket: 'b', prefix: 'p/' },
      folder: path.join(hostileBase, 'deep', 'mirror'),
      client: s3.server().clientConfig(hostile.endpoint),
      onError: (error) => hostileErrors.push(error.message),
    });
    try {
      expect((await hostileMirror.start()).refused).toEqual(hostileKeys.slice(0, -1).sort());
      expect(hostileErrors).toHaveLength(5);
      expect(hostile.gets).toEqual(['p/ok.jsonl']);
      expect(await filesUnder(hostileBase)).toEqual(['deep/mirror/.s3-mirror-manifest', 'deep/mirror/ok.jsonl']);
    } finally {
      await hostileMirror.close();
      await hostile.stop();
    }
  });

  it('reports a download that fails once (a key that is also a folder), mirrors the rest, and tries it again on the next pass', async () => {
    const prefix = freshPrefix();
    const { bucket } = s3.server();
    await putObject(s3.admin(), bucket, `${prefix}a.jsonl`, 'file\n');
    await putObject(s3.admin(), bucket, `${prefix}a.jsonl/inside.jsonl`, 'inside\n');
    await putObject(s3.admin(), bucket, `${prefix}b.jsonl`, 'b\n');
    const { mirror, errors } = newMirror(prefix, path.join(await tempDir(), 'mirror'));
    try {
      // Downloads run side by side: whichever of the file and the folder comes second fails.
      const first = await mirror.start();
      const clash = [`${prefix}a.jsonl`, `${prefix}a.jsonl/inside.jsonl`];
      expect(first.failed).toHaveLength(1);
      expect(clash).toContain(first.failed[0]);
      expect(first.downloaded).toEqual([...clash.filter((key) => key !== first.failed[0]), `${prefix}b.jsonl`].sort());
      expect((await mirror.sync()).failed).toEqual(first.failed);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^Could not mirror s3:\/\/\S+ \((ENOTDIR|EEXIST|EISDIR): .*\); trying again on the next listing\.$/);
      expect(errors[0]).toContain(`s3://${bucket}/${first.failed[0] ?? ''} (`);
    } finally {
      await mirror.close();
    }
  });

  it('a damaged manifest is reported and everything is downloaded again', async () => {
    const prefix = freshPrefix();
    await putObject(s3.admin(), s3.server().bucket, `${prefix}a.jsonl`, 'a\n');
    const folder = path.join(await tempDir(), 'mirror');
    const first = newMirror(prefix, folder);
    await first.mirror.start();
    await first.mirror.close();
    await writeFile(path.join(folder, '.s3-mirror-manifest'), '{"version":1,"loc');
    const again = newMirror(prefix, folder);
    try {
      expect((await again.mirror.start()).downloaded).toEqual([`${prefix}a.jsonl`]);
      expect(again.errors).toEqual([`The S3 mirror manifest in ${folder} is damaged; every object is downloaded again.`]);
    } finally {
      await again.mirror.close();
    }
  });

  it('lists page by page', async () => {
    const keys = ['p/1.jsonl', 'p/2.jsonl', 'p/3.jsonl', 'p/4.jsonl', 'p/5.jsonl'];
    const paged = await startHostileS3Server(keys);
    const folder = path.join(await tempDir(), 'mirror');
    const mirror = new S3SessionMirror({
      location: { bucket: 'b', prefix: 'p/' },
      folder,
      client: s3.server().clientConfig(paged.endpoint),
      pageSize: 2,
      onError: (error) => {
        throw error;
      },
    });
    try {
      expect((await mirror.start()).downloaded).toEqual(keys);
      expect(await filesUnder(folder)).toEqual(['.s3-mirror-manifest', '1.jsonl', '2.jsonl', '3.jsonl', '4.jsonl', '5.jsonl']);
    } finally {
      await mirror.close();
      await paged.stop();
    }
  });

  it('live: an object written after start appears, a changed one is updated, a deleted one goes; after close nothing changes', async () => {
    const prefix = freshPrefix();
    const { bucket } = s3.server();
    const admin = s3.admin();
    await putObject(admin, bucket, `${prefix}first.jsonl`, 'one\n');
    const folder = path.join(await tempDir(), 'mirror');
    const relistSeconds = 0.2;
    const { mirror, errors } = newMirror(prefix, folder, { relistSeconds });
    await mirror.start();
    const within = { timeout: 10 * relistSeconds * 1000, interval: 50 };
    try {
      await putObject(admin, bucket, `${prefix}later/second.jsonl`, 'two\n');
      await vi.waitFor(async () => {
        expect(await readFile(path.join(folder, 'later/second.jsonl'), 'utf8')).toBe('two\n');
      }, within);
      await putObject(admin, bucket, `${prefix}first.jsonl`, 'one\nand more\n');
      await vi.waitFor(async () => {
        expect(await readFile(path.join(folder, 'first.jsonl'), 'utf8')).toBe('one\nand more\n');
      }, within);
      await deleteObject(admin, bucket, `${prefix}later/second.jsonl`);
      await vi.waitFor(async () => {
        expect(await filesUnder(folder)).toEqual(['.s3-mirror-manifest', 'first.jsonl']);
      }, within);
    } finally {
      await mirror.close();
    }
    const listedBefore = getsUnder(s3.server(), prefix).length;
    await putObject(admin, bucket, `${prefix}after-close.jsonl`, 'three\n');
    await new Promise((resolve) => setTimeout(resolve, 3 * relistSeconds * 1000));
    expect(await filesUnder(folder)).toEqual(['.s3-mirror-manifest', 'first.jsonl']);
    expect(getsUnder(s3.server(), prefix)).toHaveLength(listedBefore);
    expect(errors).toEqual([]);
  });

  it('start fails naming the location when the bucket cannot be listed', async () => {
    const { mirror } = newMirror('x/', path.join(await tempDir(), 'mirror'), { location: { bucket: 'no-such-bucket', prefix: 'x/' } });
    await expect(mirror.start()).rejects.toThrow('Could not list s3://no-such-bucket/x/ (NoSuchBucket: The specified bucket does not exist).');
    await mirror.close();
  });

  it('a review appended through the mirror lands in the local copy at once, and the next listing downloads nothing for it', async () => {
    const prefix = freshPrefix();
    const { bucket } = s3.server();
    await putObject(s3.admin(), bucket, `${prefix}run.jsonl`, '{"type":"session"}\n');
    const folder = path.join(await tempDir(), 'mirror');
    const { mirror, errors } = newMirror(prefix, folder);
    try {
      await mirror.start();
      const sessionPath = path.join(folder, 'run.jsonl');
      expect(mirror.reviewFileOf(path.join(folder, 'nope.jsonl'))).toBeUndefined();
      expect(mirror.reviewFileOf(path.join(folder, '..', 'run.jsonl'))).toBeUndefined();
      const reviews = mirror.reviewFileOf(sessionPath);
      expect(reviews).toBe(mirror.reviewFileOf(sessionPath));
      await reviews?.append({ at: '2026-12-04T10:00:00.000Z', reviewer: 'qa', target: 'call:c1', verdict: 'fail', note: 'wrong crop' });
      const local = await readReview(`${sessionPath}.review.jsonl`);
      expect([...local.byTarget.values()]).toEqual([
        { at: '2026-12-04T10:00:00.000Z', reviewer: 'qa', target: 'call:c1', verdict: 'fail', note: 'wrong crop' },
      ]);
      const gets = getsUnder(s3.server(), prefix).length;
      expect(await mirror.sync()).toMatchObject({ downloaded: [], unchanged: 2 });
      expect(getsUnder(s3.server(), prefix)).toHaveLength(gets);
      expect(errors).toEqual([]);
    } finally {
      await mirror.close();
    }
  });
});

describe('S3SessionMirror: a client from the environment', () => {
  it('honours AWS_ENDPOINT_URL, AWS_REGION, the credentials variables and AWS_S3_FORCE_PATH_STYLE', async () => {
    const prefix = freshPrefix();
    const { bucket, endpoint } = s3.server();
    await putObject(s3.admin(), bucket, `${prefix}env.jsonl`, 'env\n');
    vi.stubEnv('AWS_ENDPOINT_URL', endpoint.replace('127.0.0.1', 'localhost')); // a host name: the SDK would address the bucket as a subdomain
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
    vi.stubEnv('AWS_S3_FORCE_PATH_STYLE', 'true');
    const folder = path.join(await tempDir(), 'mirror');
    const mirror = new S3SessionMirror({ location: { bucket, prefix }, folder, onError: () => undefined });
    try {
      expect((await mirror.start()).downloaded).toEqual([`${prefix}env.jsonl`]);
      expect((await stat(path.join(folder, 'env.jsonl'))).size).toBe(4);
    } finally {
      await mirror.close();
      vi.unstubAllEnvs();
    }
  });
});

describe('S3SessionMirror: a big object', () => {
  const PROBE = path.join(import.meta.dirname, 'support/mirror-memory-probe.ts');
  const MIB = 1 << 20;

  /** An object of `mib` MiB of session lines, put straight into s3rver's directory as a bucket's admin would (s3rver computes its ETag). */
  async function bigObject(key: string, mib: number): Promise<number> {
    const { directory, bucket } = s3.server();
    const file = path.join(directory, bucket, `${key}._S3rver_object`);
    await mkdir(path.dirname(file), { recursive: true });
    const line = `${JSON.stringify({ type: 'message', text: 'x'.repeat(1000) })}\n`;
    const chunk = Buffer.from(line.repeat(Math.floor(MIB / line.length)));
    const out = createWriteStream(file);
    for (let index = 0; index < mib; index += 1) if (!out.write(chunk)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    return chunk.length * mib;
  }

  it('streams a 128 MiB object to disk: the memory alive meanwhile is a small part of it', async () => {
    const prefix = freshPrefix();
    const size = await bigObject(`${prefix}big.jsonl`, 128);
    const folder = path.join(await tempDir(), 'mirror');
    const args = [JSON.stringify(s3.server().clientConfig()), s3.server().bucket, prefix, folder];
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', PROBE, ...args], { cwd: path.resolve(import.meta.dirname, '../..') });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code, stderr).toBe(0);
    const measured = JSON.parse(stdout) as { downloaded: string[]; baseline: number; livePeak: number; after: number };
    const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
    console.log(
      `mirror memory: object ${mib(size)}; JS heap and buffers at the start ${mib(measured.baseline)}, alive at most ${mib(measured.livePeak)}, after ${mib(measured.after)}`,
    );
    expect(measured.downloaded).toEqual([`${prefix}big.jsonl`]);
    expect((await stat(path.join(folder, 'big.jsonl'))).size).toBe(size);
    expect(measured.livePeak - measured.baseline).toBeLessThan(size / 4);
  }, 120_000);
});
