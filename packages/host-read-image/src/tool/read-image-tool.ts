import path from 'node:path';

import { checkOption, FUNCTION, hasMethods, optional, OPTIONS_OBJECT, POSITIVE_INTEGER, rule, withMethods } from '../options/check-option.ts';
import type { AttachmentRef, AttachmentStore } from '../seams/attachment-store.ts';
import type { ContentBlock } from '../seams/content-blocks.ts';
import { FsError, type FileSystem, type FsTarget } from '../seams/file-system.ts';
import type { ModelResolver } from '../seams/model-resolver.ts';
import type { Tool, ToolExecContext, ToolResult } from '../seams/tool.ts';
import { formatEnvelope } from './envelope.ts';
import { declaredImageType, SUPPORTED_EXTENSIONS } from './image-extension.ts';
import { describeFailure, ReadImageError } from './read-image-failure.ts';
import { assertRouteAcceptsImages } from './route-gate.ts';

export const READ_IMAGE_TOOL_NAME = 'read_image';

/** What a successful read hands to a calling program. */
export interface ReadImageValue {
  readonly path: string;
  readonly image: AttachmentRef;
}

/** A file-state observation (`fs/observed`), emitted for staleness tracking. */
export type FsObservation =
  | {
      readonly kind: 'present';
      readonly callId: string;
      readonly path: string;
      readonly size: number;
      readonly mtimeMs: number;
      readonly attachmentId: string;
    }
  | { readonly kind: 'absent'; readonly callId: string; readonly path: string };

export interface ReadImageDeps {
  readonly fs: FileSystem;
  readonly attachments: AttachmentStore;
  readonly models: ModelResolver;
  readonly observe?: (observation: FsObservation) => void;
}

const DESCRIPTION = [
  'Read an image file (PNG, JPEG, WebP or GIF) from disk and look at it.',
  'The image is validated, normalised (EXIF orientation applied, animated images reduced to their first frame) and',
  'downscaled when large; the result says so and gives the factor to map coordinates back to the original file.',
  'Only works when the current model accepts image input.',
].join(' ');

const FILE_SYSTEM = withMethods<FileSystem>('a FileSystem (resolve, stat and readBytes methods)', ['resolve', 'stat', 'readBytes']);
const ATTACHMENT_STORE = rule(
  'an AttachmentStore (imageLimits, and saveImage, readImage and onDispose methods)',
  (value): value is AttachmentStore =>
    hasMethods(value, ['saveImage', 'readImage', 'onDispose']) &&
    POSITIVE_INTEGER.accepts((value as { imageLimits?: { maxImageBytes?: unknown } }).imageLimits?.maxImageBytes),
);
const MODEL_RESOLVER = withMethods<ModelResolver>('a ModelResolver (a resolveModelInfo method)', ['resolveModelInfo']);

/**
 * The tool's deps checked for `owner` (what the embedder called), before any call can fail on them.
 * `attachments` may be absent only for registerReadImage, which then registers nothing.
 */
export function checkReadImageDeps(
  owner: string,
  deps: { readonly [Dep in keyof ReadImageDeps]?: unknown },
  attachments: 'required' | 'optional' = 'required',
): void {
  checkOption(owner, 'deps', deps, OPTIONS_OBJECT);
  checkOption(owner, 'fs', deps.fs, FILE_SYSTEM);
  checkOption(owner, 'attachments', deps.attachments, attachments === 'required' ? ATTACHMENT_STORE : optional(ATTACHMENT_STORE));
  checkOption(owner, 'models', deps.models, MODEL_RESOLVER);
  checkOption(owner, 'observe', deps.observe, optional(FUNCTION));
}

export function createReadImageTool(deps: ReadImageDeps): Tool<ReadImageValue> {
  checkReadImageDeps('createReadImageTool', deps);
  return {
    name: READ_IMAGE_TOOL_NAME,
    description: DESCRIPTION,
    parameters: {
      type: 'object',
      properties: {
        file_path: {
          type: 'string',
          description: `Path of the image file, absolute or relative to the working directory (${SUPPORTED_EXTENSIONS.join(', ')}, or no extension).`,
        },
      },
      required: ['file_path'],
      additionalProperties: false,
    },
    async execute(args, exec) {
      const filePath = filePathArgument(args);
      if (filePath === undefined) {
        return failed('(missing)', new ReadImageError('INVALID_ARGUMENTS', 'expected {"file_path": "<non-empty string>"}'), exec, deps);
      }
      try {
        return success(await readImage(filePath, exec, deps), exec);
      } catch (cause) {
        return failed(filePath, cause, exec, deps);
      }
    },
  };
}

async function readImage(filePath: string, exec: ToolExecContext, deps: ReadImageDeps): Promise<ReadImageValue> {
  const declared = declaredImageType(filePath);
  if (declared.kind === 'unsupported') {
    throw new ReadImageError(
      'UNSUPPORTED_IMAGE_EXTENSION',
      `the extension ${JSON.stringify(declared.extension)} is not an image type this tool reads; use a file ending in ${SUPPORTED_EXTENSIONS.join(', ')}, or convert the image to PNG`,
    );
  }
  await assertRouteAcceptsImages(deps.models, exec.route, exec.signal);

  const target = await deps.fs.resolve(filePath, { cwd: exec.cwd });
  const stat = await statOrObserveAbsent(target, exec, deps);
  const data = await deps.fs.readBytes(target, exec.signal, deps.attachments.imageLimits.maxImageBytes, stat);
  const image = await deps.attachments.saveImage(
    {
      data,
      name: path.basename(target.displayPath),
      ...(declared.kind === 'declared' ? { mediaType: declared.mediaType } : {}),
    },
    exec.signal,
  );
  deps.observe?.({
    kind: 'present',
    callId: exec.callId,
    path: target.displayPath,
    size: data.byteLength,
    mtimeMs: stat.mtimeMs,
    attachmentId: image.attachmentId,
  });
  return { path: target.displayPath, image };
}

async function statOrObserveAbsent(target: FsTarget, exec: ToolExecContext, deps: ReadImageDeps) {
  try {
    return await deps.fs.stat(target, exec.signal);
  } catch (cause) {
    if (cause instanceof FsError && cause.code === 'FS_NOT_FOUND') {
      deps.observe?.({ kind: 'absent', callId: exec.callId, path: target.displayPath });
    }
    throw cause;
  }
}

function success(value: ReadImageValue, exec: ToolExecContext): ToolResult<ReadImageValue> {
  const content: readonly ContentBlock[] = [
    { type: 'text', text: formatEnvelope(value.path, value.image) },
    { type: 'image', attachment: value.image },
  ];
  if (exec.parent) {
    return {
      content,
      isError: false,
      value,
      deferred: [{ role: 'user', content, source: { kind: 'ptc-mode' } }],
    };
  }
  return { content, isError: false, meta: { path: value.path }, value };
}

function failed(filePath: string, cause: unknown, exec: ToolExecContext, deps: ReadImageDeps): ToolResult<ReadImageValue> {
  const failure = describeFailure(filePath, cause, deps.attachments.imageLimits.maxImageBytes, exec.signal);
  return {
    content: [{ type: 'text', text: `Error: ${failure.message}` }],
    isError: true,
    ...(failure.error ? { error: failure.error } : {}),
  };
}

function filePathArgument(args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const value = (args as { file_path?: unknown }).file_path;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
