import path from 'node:path';

import type { AttachmentRef, AttachmentStore } from '../seams/attachment-store.ts';
import { FsError, type FileSystem, type FsTarget } from '../seams/file-system.ts';
import type { ModelResolver } from '../seams/model-resolver.ts';
import type { ContentBlock } from '../seams/content-blocks.ts';
import { formatEnvelope } from './envelope.ts';
import { declaredImageType, SUPPORTED_EXTENSIONS } from './image-extension.ts';
import { describeFailure, ReadImageError } from './read-image-failure.ts';
import { assertRouteAcceptsImages } from './route-gate.ts';
import type { Tool, ToolExecContext, ToolResult } from '../seams/tool.ts';

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

export function createReadImageTool(deps: ReadImageDeps): Tool<ReadImageValue> {
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
        return failed('(missing)', new ReadImageError('INVALID_ARGUMENTS', 'expected {"file_path": "<non-empty string>"}'), deps);
      }
      try {
        return success(await readImage(filePath, exec, deps), exec);
      } catch (cause) {
        return failed(filePath, cause, deps);
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

function failed(filePath: string, cause: unknown, deps: ReadImageDeps): ToolResult<ReadImageValue> {
  const failure = describeFailure(filePath, cause, deps.attachments.imageLimits.maxImageBytes);
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
