// `@toolcard/ui-tool-image/model`: the pure model (no React), listed by name. A change to this list is
// deliberate: test/packaging/public-surface.test.ts snapshots it.

// Reading sessions: our own log, any agent's file, other formats' arrays.
export { parseSessionLog, REPLAYED_EVENT_TYPES, SessionLogReader } from './formats/toolcard/session-log';
export type { LogProblem, OtherEventCount, ParsedSessionLog, SessionEvent, SessionEventType, SessionHeader } from './formats/toolcard/session-log';
export { eventsUpTo, lastSeq, logAtEvent, logUpTo } from './formats/toolcard/session-log-steps';
export { buildToolCalls } from './formats/toolcard/tool-calls';
export { AgentLogReader, readAgentLog } from './formats/agent-log/agent-log-reader';
export { AGENT_LOG_FORMATS } from './formats/agent-log/format-reader';
export type { AgentLogFormat, SessionFacts } from './formats/agent-log/format-reader';
export type { AgentLog } from './formats/agent-log/agent-log';
export { conversationCounts, conversationImageIds, sessionFactsOf } from './replay/session-summary';
export type { SessionCounts, SessionSummaryFacts } from './replay/session-summary';
export { itemsMatching, NO_FILTER, REPLAY_STATES } from './replay/replay-search';
export { itemKeysByEvent } from './replay/replay-builder';
export type { ReplayFilter, ReplayState } from './replay/replay-search';
export { callTreeFromMcp, MCP_PRESENTATION_META_KEY } from './formats/mcp/mcp-call-tree';
export type { McpCallToolResult, McpToolCall } from './formats/mcp/mcp-call-tree';
export { callTreeFromUIMessages, conversationFromUIMessages } from './formats/ai-sdk/ai-sdk-call-tree';
export { conversationFromAnthropicMessages } from './formats/anthropic-messages/anthropic-messages-reader';
export { conversationFromResponsesItems } from './formats/openai-responses/responses-items-reader';
export { refusedImageMarker, storedImageMarker } from './formats/content/inline-image-marker';
export { imageHeaderSize } from './formats/content/image-header-size';
export type { ImageHeaderSize } from './formats/content/image-header-size';
export type { UIMessageLike } from './formats/ai-sdk/ai-sdk-call-tree';

// What was read: the call tree and the conversation around it.
export type {
  RunningToolCall,
  SettledToolCall,
  ToolApprovalRequest,
  ToolCallNode,
  ToolCallOrigin,
  ToolCallProblem,
  ToolCallTree,
  ToolOutcome,
  ToolResult,
  ToolResultError,
} from './call-tree';
export { conversationItemKey } from './conversation';
export type { Conversation, ConversationItem } from './conversation';
export { messageParts } from './message-parts';
export type { MessagePart, MessageRole } from './message-parts';
export { IMAGE_MEDIA_TYPES, viewContentBlock } from './content-blocks';
export type { AttachmentRef, ContentBlockView, ImageDimensions, ImageMediaType } from './content-blocks';
export { isImageEnvelope } from './envelope';

// What a card shows.
export { explainImageCard, imageCardModel, IMAGE_CARD_DECLINE_REASONS } from './card/image-card';
export type { ImageCard, ImageCardDeclineReason, ImageCardExplanation, ImageCardImage, ImageCardLabelSource, ImageCardOptions } from './card/image-card';
export { toolRowModel } from './card/tool-row-model';
export type { KnownToolName, OutputPart, ToolRowModel, ToolRowState, ToolRowVariant, ToolTitleKey } from './card/tool-row-model';
export { displayPath } from './path-display';
export type { PathDisplayOptions } from './path-display';
export type { ThumbnailLayout } from './card/gallery-layout';
