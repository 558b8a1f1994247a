export { parseSessionLog, REPLAYED_EVENT_TYPES, SessionLogReader } from './session-log';
export type { LogProblem, OtherEventCount, ParsedSessionLog, SessionEvent, SessionEventType, SessionHeader } from './session-log';
export { lastSeq, logUpTo } from './session-log-steps';
export { buildToolCalls, ToolCallTreeBuilder } from './tool-calls';
export type { ToolCallNode, ToolCallOrigin, ToolCallProblem, ToolCallTree, ToolOutcome, ToolResult, ToolResultError } from './tool-calls';
export { IMAGE_MEDIA_TYPES, narrowAttachmentRef, viewContentBlock } from './content-blocks';
export type { AttachmentRef, ContentBlockView, ImageDimensions, ImageMediaType } from './content-blocks';
export { isImageEnvelope } from './envelope';
export { displayPath } from './path-display';
export type { PathDisplayOptions } from './path-display';
export { explainImageCard, imageCardModel, IMAGE_CARD_DECLINE_REASONS } from './image-card';
export type { ImageCard, ImageCardDeclineReason, ImageCardExplanation, ImageCardImage, ImageCardLabelSource, ImageCardOptions } from './image-card';
export { toolRowModel } from './tool-row-model';
export type { KnownToolName, ToolRowModel, ToolRowState, ToolRowVariant, ToolTitleKey } from './tool-row-model';
export type { OutputPart } from './tool-row-model';
export { imagePart } from './output-part';
export {
  galleryLayout,
  singleImageThumbnail,
  GALLERY_GAP,
  GALLERY_MAX_ROW_WIDTH,
  GALLERY_MAX_VISIBLE,
  GALLERY_ROW_ASPECT,
  GALLERY_ROW_HEIGHT,
  MIN_HIT_SIZE,
  SINGLE_IMAGE_ASPECT,
  SINGLE_IMAGE_LONG_EDGE,
} from './gallery-layout';
export type { CropAnchor, GalleryLayout, GalleryLayoutOptions, GalleryTile, ThumbnailLayout } from './gallery-layout';
export { isRecord } from './narrow';
export { messageParts } from './message-parts';
export type { MessagePart, MessageRole } from './message-parts';
export { callTreeFromMcp, MCP_PRESENTATION_META_KEY } from './mcp-call-tree';
export type { McpCallToolResult, McpToolCall } from './mcp-call-tree';
export { callTreeFromUIMessages, conversationFromUIMessages } from './ai-sdk-call-tree';
export type { Conversation, ConversationItem, UIMessageLike } from './ai-sdk-call-tree';
export { imageHeaderSize } from './image-header-size';
export type { ImageHeaderSize } from './image-header-size';
export { inlineImageRef, linkedImageRef } from './adapted-image';
export { adaptedImageSource } from './adapted-image-source';
export type { AdaptedImageSource } from './adapted-image-source';
