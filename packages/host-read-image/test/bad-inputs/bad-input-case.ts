import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, realpath, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import { InvalidOptionError } from '../../src/options/invalid-option-error.ts';
import { AttachmentError, type ImageLimits } from '../../src/seams/attachment-store.ts';
import type { ModelRoute } from '../../src/seams/model-resolver.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { createReadImageTool } from '../../src/tool/read-image-tool.ts';
import type { useAttachmentServers } from '../http/attachment-server.ts';
import type { S3TestServer } from '../support/s3-server.ts';

/**
 * One bad input the host is tested with. The Reliability docs page's table is generated from
 * running every case (bad-inputs.test.ts), so its codes and messages are the real ones.
 */
export interface BadInputCase {
  readonly group: BadInputGroup;
  /** What is wrong with the input, as a reader of the table would put it. */
  readonly name: string;
  /** The error code the case must produce (`HTTP 404` for the route). */
  readonly code: string;
  /** What the message must say — the load-bearing part (path, limit, remedy); the table shows it whole. */
  readonly says: RegExp;
  run(context: CaseContext): Promise<Outcome>;
}

/** Table order. */
export const BAD_INPUT_GROUPS = [
  'Arguments',
  'Model route',
  'File system',
  'Image bytes',
  'Limits',
  'Local store',
  'S3 store',
  'Attachment route (HTTP)',
] as const;
export type BadInputGroup = (typeof BAD_INPUT_GROUPS)[number];

export interface Outcome {
  readonly code: string;
  readonly message: string;
}

/** A constructor, factory or method option refused up front (thrown or rejected): its InvalidOptionError. */
export async function optionRefused(operation: () => unknown): Promise<Outcome> {
  try {
    await operation();
  } catch (error) {
    if (error instanceof InvalidOptionError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the option to be refused, but the call succeeded');
}

const CHILD = fileURLToPath(new URL('./read-image-child.ts', import.meta.url));
const NOBODY = 65534;

export const VISION: ModelRoute = { provider: 'replay', model: 'vision' };
const MODELS = new ConfigModelResolver([
  { provider: 'replay', model: 'vision', inputModalities: ['text', 'image'] },
  { provider: 'replay', model: 'text-only', inputModalities: ['text'] },
  { provider: 'replay', model: 'undeclared' },
]);

export interface ReadOptions {
  readonly args?: unknown;
  readonly route?: ModelRoute | undefined;
  readonly limits?: Partial<ImageLimits>;
  /** Confine the file system to the workspace (default) or not at all. */
  readonly confined?: boolean;
  readonly signal?: AbortSignal;
  /** A store directory other than the context's own (e.g. one that cannot be created). */
  readonly storeDir?: string;
  /** Dispose of the store before the call. */
  readonly disposedStore?: boolean;
}

/** Real directories and the real parts a case runs against. */
export class CaseContext {
  private constructor(
    /** The agent's working directory and the file system's only root. */
    readonly workspace: string,
    /** A directory outside the workspace. */
    readonly outside: string,
    readonly storeDir: string,
    readonly startServer: ReturnType<typeof useAttachmentServers>,
    /** The S3 server the bad-inputs test runs for the whole file (cases that stop a server start their own). */
    readonly s3: S3TestServer,
  ) {}

  static async create(tempDir: () => Promise<string>, startServer: ReturnType<typeof useAttachmentServers>, s3: S3TestServer): Promise<CaseContext> {
    const [workspace, outside, storeDir] = await Promise.all([tempDir(), tempDir(), tempDir()]);
    return new CaseContext(await realpath(workspace), await realpath(outside), await realpath(storeDir), startServer, s3);
  }

  /** Writes a file under the workspace (`dir` = the outside directory instead). */
  async write(name: string, data: Uint8Array | string, dir = this.workspace): Promise<string> {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    return file;
  }

  store(limits: Partial<ImageLimits> = {}, dir = this.storeDir): LocalAttachmentStore {
    return new LocalAttachmentStore({ dir, limits });
  }

  /** Runs the real `read_image` tool once on this context's workspace (see `readImageRefusal`). */
  readImage(filePath: string, options: ReadOptions = {}): Promise<Outcome> {
    return readImageRefusal({ workspace: this.workspace, storeDir: this.storeDir }, filePath, options);
  }

  /**
   * Runs the tool as a user that file permissions apply to. Root ignores them, and the tests and
   * CI run as root: then the call runs in a child process as `nobody` (the workspace and store
   * are opened up to it for reading); otherwise it runs here. The messages are the same either way.
   */
  async readImageWithoutPrivileges(filePath: string, options: Pick<ReadOptions, 'storeDir'> = {}): Promise<Outcome> {
    if (process.getuid?.() !== 0) return this.readImage(filePath, options);
    // Readable and traversable by others; whatever write permission a case took away stays away.
    for (const dir of [this.workspace, this.storeDir]) await chmod(dir, ((await stat(dir)).mode & 0o777) | 0o055);
    const dirs = { workspace: this.workspace, storeDir: this.storeDir };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href, CHILD, JSON.stringify({ dirs, filePath, options })],
      { uid: NOBODY, gid: NOBODY },
    );
    return JSON.parse(stdout) as Outcome;
  }

  /** The AttachmentError a store operation fails with. */
  async storeFailure(operation: Promise<unknown>): Promise<Outcome> {
    try {
      await operation;
    } catch (error) {
      if (error instanceof AttachmentError) return { code: error.code, message: error.message };
      throw error;
    }
    throw new Error('expected an AttachmentError, but the store operation succeeded');
  }
}

/**
 * Runs the real `read_image` tool once. Every refusal must be a failed result that left no
 * object in the store; anything else fails the case.
 */
export async function readImageRefusal(
  dirs: { readonly workspace: string; readonly storeDir: string },
  filePath: string,
  options: ReadOptions = {},
): Promise<Outcome> {
  const storeDir = options.storeDir ?? dirs.storeDir;
  const objectsBefore = await objectsIn(storeDir);
  const attachments = new LocalAttachmentStore({ dir: storeDir, limits: options.limits ?? {} });
  if (options.disposedStore === true) attachments.dispose();
  const tool = createReadImageTool({
    fs: new LocalFileSystem(options.confined === false ? {} : { roots: [dirs.workspace] }),
    attachments,
    models: MODELS,
  });
  const result = await tool.execute('args' in options ? options.args : { file_path: filePath }, {
    callId: 'call-1',
    cwd: dirs.workspace,
    ...('route' in options ? (options.route === undefined ? {} : { route: options.route }) : { route: VISION }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const [first] = result.content;
  if (!result.isError || first?.type !== 'text' || result.content.length !== 1) {
    throw new Error(`expected a failed result with one text block, got ${JSON.stringify(result)}`);
  }
  const objectsAfter = await objectsIn(storeDir);
  if (objectsAfter.length !== objectsBefore.length) throw new Error(`the refusal left objects: ${objectsAfter.join(', ')}`);
  return { code: result.error?.code ?? '(no code)', message: first.text };
}

/** The object directories of a store ([] when it has none, or cannot have any). */
async function objectsIn(storeDir: string): Promise<string[]> {
  try {
    return await readdir(path.join(storeDir, 'objects'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}
