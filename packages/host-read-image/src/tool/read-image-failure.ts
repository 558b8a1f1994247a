import { AttachmentError, type CodedAttachmentError } from '../seams/attachment-store.ts';
import { FsError } from '../seams/file-system.ts';
import { ABORTED_TOOL_ERROR, type ToolError } from '../seams/tool.ts';

export type ReadImageErrorCode =
  'INVALID_ARGUMENTS' | 'UNSUPPORTED_IMAGE_EXTENSION' | 'MODEL_ROUTE_MISSING' | 'MODEL_UNKNOWN' | 'MODEL_IMAGE_INPUT_UNDECLARED' | 'MODEL_NO_IMAGE_INPUT';

/** A refusal decided by the tool itself (before any I/O). */
export class ReadImageError extends Error {
  override readonly name = 'ReadImageError';
  readonly code: ReadImageErrorCode;

  constructor(code: ReadImageErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** A failure as the model sees it: the message names the path and the remedy. */
export interface Failure {
  readonly message: string;
  readonly error?: ToolError;
}

/**
 * A call whose signal is aborted is stopped, not failed, whatever the failure says: the seams'
 * own codes (FS_ABORTED, ATTACHMENT_ABORTED), a resolver's `signal.reason`, or anything else a
 * part threw on its way out.
 */
export function describeFailure(filePath: string, cause: unknown, maxImageBytes: number, signal: AbortSignal | undefined): Failure {
  if (signal?.aborted === true) return { message: `reading ${JSON.stringify(filePath)} was aborted`, error: ABORTED_TOOL_ERROR };
  const subject = `cannot read ${JSON.stringify(filePath)} as an image`;
  if (cause instanceof ReadImageError) {
    return { message: `${subject}: ${cause.message}`, error: { name: cause.name, code: cause.code } };
  }
  if (cause instanceof FsError) {
    return { message: `${subject}: ${fsReason(cause, maxImageBytes)}`, error: { name: cause.name, code: cause.code } };
  }
  if (cause instanceof AttachmentError) {
    return { message: `${subject}: ${attachmentReason(filePath, cause as CodedAttachmentError)}`, error: { name: cause.name, code: cause.code } };
  }
  return { message: `${subject}: unexpected failure (${errorText(cause)}); try again, and report it if it persists` };
}

function fsReason(error: FsError, maxImageBytes: number): string {
  switch (error.code) {
    case 'FS_NOT_FOUND':
      return 'the file does not exist; check the path (it is resolved against the working directory)';
    case 'FS_NOT_REGULAR_FILE':
      return 'it is not a regular file (a directory, device, pipe or socket); pass the path of an image file';
    case 'FS_TOO_LARGE':
      return `the file is larger than the ${maxImageBytes}-byte image limit; downscale or compress it and read the smaller copy`;
    case 'FS_OUTSIDE_WORKSPACE':
      return 'the path resolves outside the workspace; copy the image into the workspace first';
    default:
      return `the file could not be read (${error.message}); check its permissions and try again`;
  }
}

function attachmentReason(filePath: string, error: CodedAttachmentError): string {
  switch (error.code) {
    case 'IMAGE_TYPE_MISMATCH': {
      const { declaredMediaType, detectedMediaType } = error.details;
      return `the extension declares ${declaredMediaType} but the bytes are ${detectedMediaType}; rename the file to use the ${extensionOf(
        detectedMediaType,
      )} extension and read it again`;
    }
    case 'INVALID_IMAGE':
      return 'the bytes do not decode as a supported image (PNG, JPEG, WebP or GIF); convert the file to one of these formats, or check that it is complete';
    case 'IMAGE_TOO_LARGE':
      return `the image is too large (${error.details.bytes} bytes, limit ${error.details.limit} bytes); downscale or compress ${JSON.stringify(
        filePath,
      )} and read the smaller copy`;
    case 'IMAGE_TOO_MANY_PIXELS':
    case 'IMAGE_DIMENSION_TOO_LARGE': {
      const { width, height, limit } = error.details;
      const unit = error.code === 'IMAGE_TOO_MANY_PIXELS' ? ' pixels' : ' px per side';
      return `the image is ${width}x${height} px, over the limit of ${limit}${unit}; downscale it and read the smaller copy`;
    }
    default:
      return `${error.message.replace(/\.$/, '')}; try again, and report it if it persists`;
  }
}

function extensionOf(mediaType: string): string {
  return mediaType === 'image/jpeg' ? '.jpg' : `.${mediaType.slice('image/'.length)}`;
}

function errorText(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
