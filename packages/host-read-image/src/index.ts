// Seams (contract)
export * from './seams/attachment-store.ts';
export * from './seams/file-system.ts';
export * from './seams/model-resolver.ts';
export type * from './seams/content-blocks.ts';

// Real implementations
export { LocalFileSystem, type LocalFileSystemOptions } from './fs/local-file-system.ts';
export { LocalAttachmentStore, type LocalAttachmentStoreOptions } from './store/local/local-attachment-store.ts';
export { S3AttachmentStore, type S3AttachmentStoreOptions, type SignedUrlOptions } from './store/s3/s3-attachment-store.ts';
export { ConfigModelResolver, type ConfiguredModel } from './model-routes/config-model-resolver.ts';

// The tool
export type * from './seams/tool.ts';
export { createReadImageTool, READ_IMAGE_TOOL_NAME, type FsObservation, type ReadImageDeps, type ReadImageValue } from './tool/read-image-tool.ts';
export { ReadImageError, type ReadImageErrorCode } from './tool/read-image-failure.ts';
export { formatEnvelope } from './tool/envelope.ts';
export { ToolRegistry } from './tool/tool-registry.ts';
export { registerReadImage, type RegisterReadImageDeps } from './tool/register-read-image.ts';

// Recording and serving
export { SessionRecorder, type RecordStepInput } from './log/session-recorder.ts';
export { SessionLogWriter, type Clock, type IdSource, type SessionLogOptions } from './log/session-log-writer.ts';
export { FileSink, MemorySink, type LogSink } from './log/sinks.ts';
export type { AssistantMessageRecord, NestedDispatch, ToolCallRecord } from './log/events.ts';
export { createAttachmentHandler, type AttachmentHandler, type AttachmentHandlerOptions } from './http/attachment-handler.ts';
export { matchAttachmentRoute, type AttachmentRoute } from './http/attachment-route.ts';
export { directorySessionSource, type SessionLogSource } from './http/session-source.ts';
export { ReferencedIdsTracker } from './http/referenced-ids-tracker.ts';
export { createHostGuard, type HostGuard } from './http/loopback.ts';

// Errors every constructor and factory throws for a bad option
export { InvalidOptionError } from './options/invalid-option-error.ts';
