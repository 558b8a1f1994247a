import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import type { ImageLimits } from '../../src/seams/attachment-store.ts';
import type { FileSystem } from '../../src/seams/file-system.ts';
import type { ToolExecContext, ToolResult } from '../../src/seams/tool.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { createReadImageTool, type FsObservation } from '../../src/tool/read-image-tool.ts';
import { listTree, useTempDirs } from '../support/temp-workspace.ts';
import { flatPng, solid } from '../support/test-images.ts';

const VISION = { provider: 'replay', model: 'vision' };
const models = new ConfigModelResolver([
  { provider: 'replay', model: 'vision', inputModalities: ['text', 'image'] },
  { provider: 'replay', model: 'text-only', inputModalities: ['text'] },
  { provider: 'replay', model: 'undeclared' },
]);

const tempDir = useTempDirs();

/** A real workspace, a real store, and a file system that counts the calls reaching it. */
async function setUp(limits: Partial<ImageLimits> = {}) {
  const cwd = await tempDir();
  const storeDir = await tempDir();
  const attachments = new LocalAttachmentStore({ dir: storeDir, limits });
  const local = new LocalFileSystem();
  const fsCalls: string[] = [];
  const fs: FileSystem = {
    resolve: (p, options) => (fsCalls.push('resolve'), local.resolve(p, options)),
    stat: (target, signal) => (fsCalls.push('stat'), local.stat(target, signal)),
    readBytes: (target, signal, max) => (fsCalls.push('readBytes'), local.readBytes(target, signal, max)),
  };
  const observations: FsObservation[] = [];
  const tool = createReadImageTool({ fs, attachments, models, observe: (o) => observations.push(o) });
  const exec = (overrides: Partial<ToolExecContext> = {}): ToolExecContext => ({
    callId: 'call-1',
    cwd,
    route: VISION,
    ...overrides,
  });
  const write = async (name: string, data: Uint8Array | string) => {
    const file = path.join(cwd, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    return file;
  };
  return { cwd, storeDir, attachments, tool, exec, write, fsCalls, observations };
}

/** The first text block of a result (the envelope, or the error message). */
function errorText(result: ToolResult): string {
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error(`expected a text block first, got ${JSON.stringify(block)}`);
  return block.text;
}

describe('read_image: success', () => {
  it('returns the exact envelope, the image block, meta and value for a top-level call', async () => {
    const { tool, exec, write, cwd, observations } = await setUp();
    const png = await solid(3, 2, 'png');
    await write('shots/red.png', png);

    const result = await tool.execute({ file_path: 'shots/red.png' }, exec());

    const displayPath = path.join(cwd, 'shots/red.png');
    const attachment = {
      attachmentId: `sha256:${createHash('sha256').update(png).digest('hex')}`,
      mediaType: 'image/png',
      bytes: png.length,
      width: 3,
      height: 2,
      name: 'red.png',
    };
    expect(result).toEqual({
      isError: false,
      content: [
        {
          type: 'text',
          text: `<path>${displayPath}</path>\n<type>image</type>\n<content>\nimage/png image, 3x2 px, ${png.length} bytes\n</content>`,
        },
        { type: 'image', attachment },
      ],
      meta: { path: displayPath },
      value: { path: displayPath, image: attachment },
    });
    expect(observations).toEqual([
      expect.objectContaining({ kind: 'present', callId: 'call-1', path: displayPath, size: png.length, attachmentId: attachment.attachmentId }),
    ]);
  });

  it('accepts an uppercase extension', async () => {
    const { tool, exec, write } = await setUp();
    await write('SHOT.PNG', await solid(4, 4, 'png'));
    const result = await tool.execute({ file_path: 'SHOT.PNG' }, exec());
    expect(result.isError).toBe(false);
  });

  it.each(['screenshot', '.hidden'])('identifies an extension-less PNG (%s) from its signature', async (name) => {
    const { tool, exec, write } = await setUp();
    await write(name, await solid(4, 4, 'png'));
    const result = await tool.execute({ file_path: name }, exec());
    expect(result.isError).toBe(false);
    expect(result.value?.image.mediaType).toBe('image/png');
  });

  it('describes a downscaled image with the coordinate multiplier', async () => {
    const { tool, exec, write } = await setUp();
    await write('wide.png', await solid(3000, 1001, 'png'));
    const result = await tool.execute({ file_path: 'wide.png' }, exec());
    expect(result.value?.image).toMatchObject({ width: 2048, height: 683, originalDimensions: { width: 3000, height: 1001 } });
    expect(errorText(result)).toContain(
      '(downscaled from 3000x1001 px; multiply x coordinates by 1.46 and y coordinates by 1.47 to locate features in the original file)',
    );
  });

  it('gives a nested call the value and a deferred user message, without meta', async () => {
    const { tool, exec, write, cwd } = await setUp();
    await write('red.png', await solid(2, 2, 'png'));
    const result = await tool.execute({ file_path: 'red.png' }, exec({ parent: { callId: 'run-code-1' } }));
    expect(result.isError).toBe(false);
    expect(result).not.toHaveProperty('meta');
    expect(result.value?.path).toBe(path.join(cwd, 'red.png'));
    expect(result.content[1]).toEqual({ type: 'image', attachment: result.value?.image });
    expect(result.deferred).toEqual([{ role: 'user', content: result.content, source: { kind: 'ptc-mode' } }]);
    expect(result.content.map((block) => block.type)).toEqual(['text', 'image']);
  });
});

describe('read_image: refusals before any I/O', () => {
  it('refuses a text-only route with the message of the reference log', async () => {
    const { tool, exec, fsCalls, storeDir } = await setUp();
    const result = await tool.execute({ file_path: 'red.png' }, exec({ route: { provider: 'replay', model: 'text-only' } }));
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'Error: cannot read "red.png" as an image: model "text-only" does not declare image input; switch to an image-capable model to read images',
        },
      ],
      error: { name: 'ReadImageError', code: 'MODEL_NO_IMAGE_INPUT' },
    });
    expect(fsCalls).toEqual([]);
    expect(await listTree(storeDir)).toEqual([]);
  });

  it.each([
    ['an unknown model', { route: { provider: 'replay', model: 'nope' } }, 'MODEL_UNKNOWN'],
    ['undeclared modalities', { route: { provider: 'replay', model: 'undeclared' } }, 'MODEL_IMAGE_INPUT_UNDECLARED'],
    ['no route', { route: undefined }, 'MODEL_ROUTE_MISSING'],
  ])('refuses %s', async (_, overrides, code) => {
    const { tool, exec, fsCalls } = await setUp();
    const context = { ...exec(), ...overrides } as ToolExecContext;
    const result = await tool.execute({ file_path: 'red.png' }, context);
    expect(result.error).toEqual({ name: 'ReadImageError', code });
    expect(errorText(result)).toMatch(/^Error: cannot read "red.png" as an image: .*switch to an image-capable model/);
    expect(fsCalls).toEqual([]);
  });

  it.each([{}, { file_path: '' }, { file_path: '   ' }, { file_path: 42 }, null, 'red.png'])('refuses malformed arguments %j', async (args) => {
    const { tool, exec, fsCalls } = await setUp();
    const result = await tool.execute(args, exec());
    expect(result.error).toEqual({ name: 'ReadImageError', code: 'INVALID_ARGUMENTS' });
    expect(fsCalls).toEqual([]);
  });

  it.each([
    ['foo.', '"."'],
    ['scan.tiff', '".tiff"'],
  ])('refuses the extension of %s before the route gate', async (file, shown) => {
    const { tool, exec, fsCalls } = await setUp();
    const result = await tool.execute({ file_path: file }, exec({ route: { provider: 'replay', model: 'text-only' } }));
    expect(result.error).toEqual({ name: 'ReadImageError', code: 'UNSUPPORTED_IMAGE_EXTENSION' });
    expect(errorText(result)).toContain(`the extension ${shown} is not an image type`);
    expect(fsCalls).toEqual([]);
  });
});

describe('read_image: failures after I/O leave nothing behind', () => {
  it('reports a missing file and observes it absent', async () => {
    const { tool, exec, cwd, observations, storeDir } = await setUp();
    const result = await tool.execute({ file_path: 'gone.png' }, exec());
    expect(result.error).toEqual({ name: 'FsError', code: 'FS_NOT_FOUND' });
    expect(errorText(result)).toContain('"gone.png"');
    expect(errorText(result)).toContain('does not exist');
    expect(observations).toEqual([{ kind: 'absent', callId: 'call-1', path: path.join(cwd, 'gone.png') }]);
    expect(await listTree(storeDir)).toEqual([]);
  });

  it('refuses a directory and a FIFO as not regular files', async () => {
    const { tool, exec, write, cwd } = await setUp();
    await write('dir.png/inner.txt', 'x');
    execFileSync('mkfifo', [path.join(cwd, 'pipe.png')]);
    for (const file of ['dir.png', 'pipe.png']) {
      const result = await tool.execute({ file_path: file }, exec());
      expect(result.error).toEqual({ name: 'FsError', code: 'FS_NOT_REGULAR_FILE' });
    }
  });

  it('refuses a file over the store byte limit with the limit and a remedy', async () => {
    const { tool, exec, write, storeDir } = await setUp({ maxImageBytes: 100 });
    await write('big.png', Buffer.alloc(101));
    const result = await tool.execute({ file_path: 'big.png' }, exec());
    expect(result.error).toEqual({ name: 'FsError', code: 'FS_TOO_LARGE' });
    expect(errorText(result)).toContain('larger than the 100-byte image limit; downscale or compress it');
    expect(await listTree(storeDir)).toEqual([]);
  });

  it('fails closed with the rename remedy when the extension disagrees with the bytes', async () => {
    const { tool, exec, write, storeDir } = await setUp();
    await write('shot.jpg', await solid(4, 4, 'png'));
    const result = await tool.execute({ file_path: 'shot.jpg' }, exec());
    expect(result.error).toEqual({ name: 'AttachmentError', code: 'IMAGE_TYPE_MISMATCH' });
    expect(errorText(result)).toBe(
      'Error: cannot read "shot.jpg" as an image: the extension declares image/jpeg but the bytes are image/png; rename the file to use the .png extension and read it again',
    );
    expect(await listTree(storeDir)).toEqual([]);
  });

  it.each([
    ['garbage.png', Buffer.from('definitely not an image')],
    ['notes', Buffer.from('plain text without an extension\n')],
  ])('says %s does not decode as a supported image', async (name, data) => {
    const { tool, exec, write, storeDir } = await setUp();
    await write(name, data);
    const result = await tool.execute({ file_path: name }, exec());
    expect(result.error).toEqual({ name: 'AttachmentError', code: 'INVALID_IMAGE' });
    expect(errorText(result)).toContain(`"${name}" as an image: the bytes do not decode as a supported image`);
    expect(await listTree(storeDir)).toEqual([]);
  });

  it('says TIFF bytes under .png do not decode as a supported image', async () => {
    const { tool, exec, write } = await setUp();
    await write('scan.png', await solid(4, 4, 'tiff'));
    const result = await tool.execute({ file_path: 'scan.png' }, exec());
    expect(result.error?.code).toBe('INVALID_IMAGE');
    expect(errorText(result)).toContain('"scan.png"');
  });

  it('refuses a pixel bomb from its header, naming its size', async () => {
    const { tool, exec, write, storeDir } = await setUp({ maxImageDimension: 100_000 });
    await write('bomb.png', flatPng(20000, 20000));
    const result = await tool.execute({ file_path: 'bomb.png' }, exec());
    expect(result.error).toEqual({ name: 'AttachmentError', code: 'IMAGE_TOO_MANY_PIXELS' });
    expect(errorText(result)).toContain('the image is 20000x20000 px, over the limit of 64000000 pixels; downscale it');
    expect(await listTree(storeDir)).toEqual([]);
  });

  it('reports an aborted call with the code the UI shows as stopped', async () => {
    const { tool, exec, write } = await setUp();
    await write('red.png', await solid(2, 2, 'png'));
    const result = await tool.execute({ file_path: 'red.png' }, exec({ signal: AbortSignal.abort() }));
    expect(result.error).toEqual({ name: 'AbortError', code: 'aborted' });
    expect(errorText(result)).toBe('Error: reading "red.png" was aborted');
  });
});

describe('read_image: one wire code for every abort, whichever layer notices it', () => {
  /**
   * The real parts, with the call stopped (its controller aborted, with a reason that is no
   * AbortError) as `phase` starts; `failure` is how that part then fails.
   */
  async function stoppedDuring(phase: 'route gate' | 'stat' | 'read' | 'save', failure: 'its own abort' | 'an unrelated error') {
    const cwd = await tempDir();
    await writeFile(path.join(cwd, 'red.png'), await solid(2, 2, 'png'));
    const local = new LocalFileSystem();
    const store = new LocalAttachmentStore({ dir: await tempDir() });
    const controller = new AbortController();
    const stop = async <T>(at: typeof phase, run: () => Promise<T>): Promise<T> => {
      if (at !== phase) return run();
      controller.abort(new Error('the user stopped it'));
      if (failure === 'an unrelated error') throw new Error('connection reset');
      return run();
    };
    const tool = createReadImageTool({
      models: { resolveModelInfo: (route, signal) => stop('route gate', () => models.resolveModelInfo(route, signal)) },
      fs: {
        resolve: (p, options) => local.resolve(p, options),
        stat: (target, signal) => stop('stat', () => local.stat(target, signal)),
        readBytes: (target, signal, max, stat) => stop('read', () => local.readBytes(target, signal, max, stat)),
      },
      attachments: {
        imageLimits: store.imageLimits,
        saveImage: (input, signal) => stop('save', () => store.saveImage(input, signal)),
        readImage: (id, signal) => store.readImage(id, signal),
        onDispose: (listener) => store.onDispose(listener),
      },
    });
    return tool.execute({ file_path: 'red.png' }, { callId: 'c', cwd, route: VISION, signal: controller.signal });
  }

  it.each([
    ['route gate', 'its own abort'],
    ['stat', 'its own abort'],
    ['read', 'its own abort'],
    ['save', 'its own abort'],
    ['route gate', 'an unrelated error'],
    ['read', 'an unrelated error'],
  ] as const)('stopped during the %s, failing with %s: {name: "AbortError", code: "aborted"}', async (phase, failure) => {
    const result = await stoppedDuring(phase, failure);
    expect(result.isError).toBe(true);
    expect(result.error).toEqual({ name: 'AbortError', code: 'aborted' });
    expect(errorText(result)).toBe('Error: reading "red.png" was aborted');
  });
});
