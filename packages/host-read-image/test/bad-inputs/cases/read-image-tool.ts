import { execFileSync } from 'node:child_process';
import { chmod, mkdir, symlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';

import type { ImageLimits } from '../../../src/seams/attachment-store.ts';
import { flatPng, solid, truncated } from '../../support/test-images.ts';
import { optionRefused, type BadInputCase } from '../bad-input-case.ts';

/** What the model sees when `read_image` refuses: every case runs the real tool on real files. */

const TEXT_ONLY = { provider: 'replay', model: 'text-only' };

/** A valid 1x1 PNG whose header claims other dimensions (no pixel data to match them). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1, 'png'));
  // IHDR is the first chunk: length(4) type(4) at offset 8, then width, height; its CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const ARGUMENT_CASES: readonly BadInputCase[] = [
  {
    group: 'Arguments',
    name: 'no `file_path` argument',
    code: 'INVALID_ARGUMENTS',
    says: /expected \{"file_path": "<non-empty string>"\}/,
    run: (c) => c.readImage('', { args: {} }),
  },
  {
    group: 'Arguments',
    name: '`file_path` of blanks only',
    code: 'INVALID_ARGUMENTS',
    says: /non-empty string/,
    run: (c) => c.readImage('', { args: { file_path: '   ' } }),
  },
  {
    group: 'Arguments',
    name: '`file_path` not a string (`42`)',
    code: 'INVALID_ARGUMENTS',
    says: /non-empty string/,
    run: (c) => c.readImage('', { args: { file_path: 42 } }),
  },
  {
    group: 'Arguments',
    name: 'arguments not an object (a bare string)',
    code: 'INVALID_ARGUMENTS',
    says: /non-empty string/,
    run: (c) => c.readImage('', { args: 'shot.png' }),
  },
  {
    group: 'Arguments',
    name: 'extension of another type (`notes.txt`)',
    code: 'UNSUPPORTED_IMAGE_EXTENSION',
    says: /"notes\.txt".*extension "\.txt" is not an image type.*convert the image to PNG/,
    run: (c) => c.readImage('notes.txt'),
  },
  {
    group: 'Arguments',
    name: 'SVG by extension (`logo.svg`)',
    code: 'UNSUPPORTED_IMAGE_EXTENSION',
    says: /extension "\.svg" is not an image type/,
    run: (c) => c.readImage('logo.svg'),
  },
  {
    group: 'Arguments',
    name: 'name ending in a dot (`shot.`)',
    code: 'UNSUPPORTED_IMAGE_EXTENSION',
    says: /extension "\." is not an image type/,
    run: (c) => c.readImage('shot.'),
  },
];

export const MODEL_ROUTE_CASES: readonly BadInputCase[] = [
  {
    group: 'Model route',
    name: 'no model route given',
    code: 'MODEL_ROUTE_MISSING',
    says: /"red\.png".*switch to an image-capable model/,
    run: (c) => c.readImage('red.png', { route: undefined }),
  },
  {
    group: 'Model route',
    name: 'a model the resolver does not know',
    code: 'MODEL_UNKNOWN',
    says: /"red\.png".*switch to an image-capable model/,
    run: (c) => c.readImage('red.png', { route: { provider: 'replay', model: 'nope' } }),
  },
  {
    group: 'Model route',
    name: 'a model that does not declare its input modalities',
    code: 'MODEL_IMAGE_INPUT_UNDECLARED',
    says: /"red\.png".*switch to an image-capable model/,
    run: (c) => c.readImage('red.png', { route: { provider: 'replay', model: 'undeclared' } }),
  },
  {
    group: 'Model route',
    name: 'a text-only model',
    code: 'MODEL_NO_IMAGE_INPUT',
    says: /model "text-only" does not declare image input; switch to an image-capable model/,
    run: (c) => c.readImage('red.png', { route: TEXT_ONLY }),
  },
];

export const FILE_SYSTEM_CASES: readonly BadInputCase[] = [
  {
    group: 'File system',
    name: 'missing file',
    code: 'FS_NOT_FOUND',
    says: /"gone\.png".*does not exist; check the path/,
    run: (c) => c.readImage('gone.png'),
  },
  {
    group: 'File system',
    name: 'a path through a regular file (`red.png/inner.png`)',
    code: 'FS_NOT_FOUND',
    says: /does not exist/,
    run: async (c) => {
      await c.write('red.png', await solid(2, 2, 'png'));
      return c.readImage('red.png/inner.png');
    },
  },
  {
    group: 'File system',
    name: 'a directory named like an image',
    code: 'FS_NOT_REGULAR_FILE',
    says: /not a regular file.*pass the path of an image file/,
    run: async (c) => {
      await mkdir(`${c.workspace}/album.png`);
      return c.readImage('album.png');
    },
  },
  {
    group: 'File system',
    name: 'a FIFO with no writer (must not block)',
    code: 'FS_NOT_REGULAR_FILE',
    says: /not a regular file/,
    run: async (c) => {
      execFileSync('mkfifo', [path.join(c.workspace, 'pipe.png')]);
      return c.readImage('pipe.png');
    },
  },
  {
    group: 'File system',
    name: 'a Unix socket',
    code: 'FS_NOT_REGULAR_FILE',
    says: /not a regular file/,
    run: async (c) => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(path.join(c.workspace, 'socket.png'), resolve));
      try {
        return await c.readImage('socket.png');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  },
  {
    group: 'File system',
    name: 'a character device (`/dev/zero`, unconfined file system)',
    code: 'FS_NOT_REGULAR_FILE',
    says: /"\/dev\/zero".*not a regular file/,
    run: (c) => c.readImage('/dev/zero', { confined: false }),
  },
  {
    group: 'File system',
    name: 'larger than `maxImageBytes` (1000 here)',
    code: 'FS_TOO_LARGE',
    says: /larger than the 1000-byte image limit; downscale or compress it/,
    run: async (c) => {
      await c.write('big.png', Buffer.alloc(1001));
      return c.readImage('big.png', { limits: { maxImageBytes: 1000 } });
    },
  },
  {
    group: 'File system',
    name: 'an absolute path outside the workspace',
    code: 'FS_OUTSIDE_WORKSPACE',
    says: /resolves outside the workspace; copy the image into the workspace first/,
    run: async (c) => c.readImage(await c.write('secret.png', await solid(2, 2, 'png'), c.outside)),
  },
  {
    group: 'File system',
    name: 'a relative path that climbs out (`../…`)',
    code: 'FS_OUTSIDE_WORKSPACE',
    says: /resolves outside the workspace/,
    run: async (c) => {
      await c.write('secret.png', await solid(2, 2, 'png'), c.outside);
      return c.readImage(path.relative(c.workspace, path.join(c.outside, 'secret.png')));
    },
  },
  {
    group: 'File system',
    name: 'a symlink in the workspace pointing outside',
    code: 'FS_OUTSIDE_WORKSPACE',
    says: /"link\.png".*resolves outside the workspace/,
    run: async (c) => {
      await symlink(await c.write('secret.png', await solid(2, 2, 'png'), c.outside), path.join(c.workspace, 'link.png'));
      return c.readImage('link.png');
    },
  },
  {
    group: 'File system',
    name: 'a symlinked directory pointing outside',
    code: 'FS_OUTSIDE_WORKSPACE',
    says: /"shots\/secret\.png".*resolves outside the workspace/,
    run: async (c) => {
      await c.write('secret.png', await solid(2, 2, 'png'), c.outside);
      await symlink(c.outside, path.join(c.workspace, 'shots'));
      return c.readImage('shots/secret.png');
    },
  },
  {
    group: 'File system',
    name: 'a symlink loop',
    code: 'FS_READ_FAILED',
    says: /"loop\.png".*could not be read.*ELOOP.*check its permissions and try again/,
    run: async (c) => {
      await symlink('loop-b.png', path.join(c.workspace, 'loop.png'));
      await symlink('loop.png', path.join(c.workspace, 'loop-b.png'));
      return c.readImage('loop.png');
    },
  },
  {
    group: 'File system',
    name: 'a file name over the 255-byte limit',
    code: 'FS_READ_FAILED',
    says: /could not be read.*ENAMETOOLONG/,
    run: (c) => c.readImage(`${'n'.repeat(300)}.png`),
  },
  {
    group: 'File system',
    name: 'a file without read permission (run as an unprivileged user)',
    code: 'FS_READ_FAILED',
    says: /"locked\.png".*could not be read.*EACCES.*check its permissions and try again/,
    run: async (c) => {
      await chmod(await c.write('locked.png', await solid(2, 2, 'png')), 0o000);
      return c.readImageWithoutPrivileges('locked.png');
    },
  },
  {
    group: 'File system',
    name: 'the call is aborted before the read',
    code: 'aborted',
    says: /^Error: reading "red\.png" was aborted$/,
    run: async (c) => {
      await c.write('red.png', await solid(2, 2, 'png'));
      return c.readImage('red.png', { signal: AbortSignal.abort() });
    },
  },
];

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const DECODE_REMEDY = /the bytes do not decode as a supported image \(PNG, JPEG, WebP or GIF\); convert the file/;

/** An `Image bytes` case: `file` written with `bytes()`, then read. */
function bytesCase(name: string, code: string, says: RegExp, file: string, bytes: () => Promise<Uint8Array | string>): BadInputCase {
  return {
    group: 'Image bytes',
    name,
    code,
    says,
    run: async (c) => {
      await c.write(file, await bytes());
      return c.readImage(file);
    },
  };
}

export const IMAGE_BYTES_CASES: readonly BadInputCase[] = [
  bytesCase('zero bytes (`empty.png`)', 'INVALID_IMAGE', DECODE_REMEDY, 'empty.png', () => Promise.resolve('')),
  bytesCase('random bytes under `.png`', 'INVALID_IMAGE', DECODE_REMEDY, 'noise.png', () =>
    Promise.resolve(Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151 + 7) % 256))),
  ),
  bytesCase('plain text without an extension', 'INVALID_IMAGE', DECODE_REMEDY, 'notes', () => Promise.resolve('just some text\n')),
  bytesCase('an HTML page under `.gif`', 'INVALID_IMAGE', DECODE_REMEDY, 'page.gif', () => Promise.resolve('<!doctype html><title>x</title>')),
  bytesCase('SVG markup under `.png`', 'INVALID_IMAGE', DECODE_REMEDY, 'logo.png', () => Promise.resolve(SVG)),
  bytesCase('TIFF bytes under `.png`', 'INVALID_IMAGE', DECODE_REMEDY, 'scan.png', () => solid(4, 4, 'tiff')),
  bytesCase('AVIF bytes under `.png`', 'INVALID_IMAGE', DECODE_REMEDY, 'photo.png', () => solid(4, 4, 'avif')),
  bytesCase('the PNG signature alone', 'INVALID_IMAGE', DECODE_REMEDY, 'stub.png', async () => (await solid(4, 4, 'png')).subarray(0, 8)),
  bytesCase('a truncated PNG (first half)', 'INVALID_IMAGE', DECODE_REMEDY, 'half.png', async () => truncated(await solid(64, 64, 'png', '#123456'))),
  bytesCase('a truncated JPEG (first half)', 'INVALID_IMAGE', DECODE_REMEDY, 'half.jpg', async () => truncated(await solid(64, 64, 'jpeg', '#123456'))),
  bytesCase('a PNG header claiming 0x0 px', 'INVALID_IMAGE', DECODE_REMEDY, 'zero.png', () => pngClaiming(0, 0)),
  bytesCase('a PNG header claiming other dimensions than its data', 'INVALID_IMAGE', DECODE_REMEDY, 'liar.png', () => pngClaiming(64, 64)),
  bytesCase(
    'PNG bytes under `.jpg`',
    'IMAGE_TYPE_MISMATCH',
    /declares image\/jpeg but the bytes are image\/png; rename the file to use the \.png extension/,
    'shot.jpg',
    () => solid(4, 4, 'png'),
  ),
  bytesCase(
    'JPEG bytes under `.png`',
    'IMAGE_TYPE_MISMATCH',
    /declares image\/png but the bytes are image\/jpeg; rename the file to use the \.jpg extension/,
    'photo.png',
    () => solid(4, 4, 'jpeg'),
  ),
  bytesCase(
    'GIF bytes under `.webp`',
    'IMAGE_TYPE_MISMATCH',
    /declares image\/webp but the bytes are image\/gif; rename the file to use the \.gif extension/,
    'anim.webp',
    () => solid(4, 4, 'gif'),
  ),
];

export const LIMIT_CASES: readonly BadInputCase[] = [
  {
    group: 'Limits',
    name: 'a header claiming 100000x100000 px (no pixel data)',
    code: 'IMAGE_DIMENSION_TOO_LARGE',
    says: /the image is 100000x100000 px, over the limit of 8192 px per side; downscale it/,
    run: async (c) => {
      await c.write('claims.png', await pngClaiming(100_000, 100_000));
      return c.readImage('claims.png');
    },
  },
  {
    group: 'Limits',
    name: 'a side over `maxImageDimension` (9000x100 px)',
    code: 'IMAGE_DIMENSION_TOO_LARGE',
    says: /9000x100 px, over the limit of 8192 px per side; downscale it and read the smaller copy/,
    run: async (c) => {
      await c.write('wide.png', flatPng(9000, 100));
      return c.readImage('wide.png');
    },
  },
  {
    group: 'Limits',
    name: 'a decompression bomb: 20000x20000 px in 400 KB (side limit raised)',
    code: 'IMAGE_TOO_MANY_PIXELS',
    says: /20000x20000 px, over the limit of 64000000 pixels; downscale it/,
    run: async (c) => {
      await c.write('bomb.png', flatPng(20000, 20000));
      return c.readImage('bomb.png', { limits: { maxImageDimension: 100_000 } });
    },
  },
  {
    group: 'Limits',
    name: 'over a lowered `maxImagePixels` (100x100 px, limit 5000)',
    code: 'IMAGE_TOO_MANY_PIXELS',
    says: /100x100 px, over the limit of 5000 pixels/,
    run: async (c) => {
      await c.write('square.png', await solid(100, 100, 'png'));
      return c.readImage('square.png', { limits: { maxImagePixels: 5000 } });
    },
  },
  {
    group: 'Limits',
    name: 'bytes over `maxImageBytes` handed straight to the store (101, limit 100)',
    code: 'IMAGE_TOO_LARGE',
    says: /^The image is 101 bytes, over the limit of 100 bytes\.$/,
    run: (c) => c.storeFailure(c.store({ maxImageBytes: 100 }).saveImage({ data: Buffer.alloc(101) })),
  },
  {
    group: 'Limits',
    name: 'a store limit that is not a positive integer (`maxImageBytes: 0`)',
    code: 'INVALID_OPTION',
    says: /^LocalAttachmentStore: option limits\.maxImageBytes must be a positive integer, got 0\.$/,
    run: (c) => optionRefused(() => c.store({ maxImageBytes: 0 })),
  },
  {
    group: 'Limits',
    name: 'a misspelt store limit (`maxImageByte`), which would keep its default',
    code: 'INVALID_OPTION',
    says: /^LocalAttachmentStore: option limits must be an object whose keys are among maxImageBytes, .*, got \{"maxImageByte":100\}\.$/,
    run: (c) => optionRefused(() => c.store({ maxImageByte: 100 } as Partial<ImageLimits>)),
  },
];
