// `@toolcard/host-read-image`: every export by name. test/public-surface.test.ts holds the same
// lists, so a change here is deliberate; the package README has a line on each.

// The seams (DESIGN §3): implement them to bring your own file system, store or model routing.
export { AttachmentError } from './seams/attachment-store.ts';
export type {
  AttachmentErrorCode,
  CodedAttachmentError,
  AttachmentRef,
  AttachmentStore,
  ImageLimits,
  ImageMediaType,
  SaveImageInput,
  StoredImage,
} from './seams/attachment-store.ts';
export { FsError } from './seams/file-system.ts';
export type { FileSystem, FsErrorCode, FsStat, FsTarget } from './seams/file-system.ts';
export type { ModelInfo, ModelResolver, ModelRoute } from './seams/model-resolver.ts';
export type { Tool, ToolExecContext, ToolResult } from './seams/tool.ts';
export type { ContentBlock, UserMessage } from './seams/content-blocks.ts';

// The real implementations
export { LocalFileSystem, type LocalFileSystemOptions } from './fs/local-file-system.ts';
export { LocalAttachmentStore, type LocalAttachmentStoreOptions } from './store/local/local-attachment-store.ts';
export { S3AttachmentStore, type S3AttachmentStoreOptions, type SignedUrlOptions } from './store/s3/s3-attachment-store.ts';
export { ConfigModelResolver, type ConfiguredModel } from './model-routes/config-model-resolver.ts';

// The tool
export { createReadImageTool, type FsObservation, type ReadImageDeps, type ReadImageValue } from './tool/read-image-tool.ts';
export { ReadImageError, type ReadImageErrorCode } from './tool/read-image-failure.ts';
export { ToolRegistry } from './tool/tool-registry.ts';
export { registerReadImage, type RegisterReadImageDeps } from './tool/register-read-image.ts';

// Recording
export { SessionRecorder, type RecordStepInput } from './log/session-recorder.ts';
export type { Clock, IdSource, SessionLogOptions } from './log/session-log-writer.ts';
export { FileSink, MemorySink, type LogSink } from './log/sinks.ts';
export type { AssistantMessageRecord, NestedDispatch, ToolCallRecord } from './log/events.ts';

// Serving
export { createAttachmentHandler, type AttachmentHandler, type AttachmentHandlerOptions } from './http/attachment-handler.ts';
export { matchAttachmentRoute, type AttachmentRoute } from './http/attachment-route.ts';
export { directorySessionSource, type SessionLogSource } from './http/session-source.ts';
export { ReferencedIdsTracker } from './http/referenced-ids-tracker.ts';
export { createHostGuard, isLoopbackHost, type HostGuard } from './http/loopback.ts';

// The error of every bad constructor or factory option
export { InvalidOptionError } from './options/invalid-option-error.ts';
