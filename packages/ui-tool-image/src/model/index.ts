export { parseSessionLog, REPLAYED_EVENT_TYPES, SessionLogReader } from './formats/toolcard/session-log';
export type { LogProblem, OtherEventCount, ParsedSessionLog, SessionEvent, SessionEventType, SessionHeader } from './formats/toolcard/session-log';
export { lastSeq, logUpTo } from './formats/toolcard/session-log-steps';
export { buildToolCalls, ToolCallTreeBuilder } from './formats/toolcard/tool-calls';
export { toolResult } from './call-tree';
export type {
  RecordedResult,
  RunningToolCall,
  SettledToolCall,
  ToolCallNode,
  ToolCallOrigin,
  ToolCallProblem,
  ToolCallTree,
  ToolOutcome,
  ToolResult,
  ToolResultError,
} from './call-tree';
export { IMAGE_MEDIA_TYPES, narrowAttachmentRef, viewContentBlock } from './content-blocks';
export type { AttachmentRef, ContentBlockView, ImageDimensions, ImageMediaType } from './content-blocks';
export { isImageEnvelope } from './envelope';
export { displayPath } from './path-display';
export type { PathDisplayOptions } from './path-display';
export { explainImageCard, imageCardModel, IMAGE_CARD_DECLINE_REASONS } from './card/image-card';
export type { ImageCard, ImageCardDeclineReason, ImageCardExplanation, ImageCardImage, ImageCardLabelSource, ImageCardOptions } from './card/image-card';
export { toolRowModel } from './card/tool-row-model';
export type { KnownToolName, ToolRowModel, ToolRowState, ToolRowVariant, ToolTitleKey } from './card/tool-row-model';
export type { OutputPart } from './card/tool-row-model';
export { imagePart } from './card/output-part';
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
} from './card/gallery-layout';
export type { CropAnchor, GalleryLayout, GalleryLayoutOptions, GalleryTile, ThumbnailLayout } from './card/gallery-layout';
export { isRecord } from './narrow';
export { messageParts } from './message-parts';
export type { MessagePart, MessageRole } from './message-parts';
export { callTreeFromMcp, MCP_PRESENTATION_META_KEY } from './formats/mcp/mcp-call-tree';
export type { McpCallToolResult, McpToolCall } from './formats/mcp/mcp-call-tree';
export { callTreeFromUIMessages, conversationFromUIMessages } from './formats/ai-sdk/ai-sdk-call-tree';
export type { UIMessageLike } from './formats/ai-sdk/ai-sdk-call-tree';
export { conversationItemKey } from './conversation';
export type { Conversation, ConversationItem } from './conversation';
export { imageHeaderSize } from './formats/content/image-header-size';
export type { ImageHeaderSize } from './formats/content/image-header-size';
export { inlineImageRef, linkedImageRef } from './formats/content/adapted-image';
export { adaptedImageSource } from './adapted-image-source';
export type { AdaptedImageSource } from './adapted-image-source';
export { AgentLogReader, readAgentLog } from './formats/agent-log/agent-log-reader';
export { AGENT_LOG_FORMATS } from './formats/agent-log/format-reader';
export type { AgentLogFormat, SessionFacts } from './formats/agent-log/format-reader';
export type { AgentLog } from './formats/agent-log/agent-log';
