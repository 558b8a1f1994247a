// `@toolcard/ui-tool-image`: the React entry, listed by name. A change to this list is deliberate:
// test/packaging/public-surface.test.ts snapshots it. Everything pure is also in `./model`.

// Reading sessions (from the model).
export {
  AgentLogReader,
  buildToolCalls,
  callTreeFromMcp,
  callTreeFromUIMessages,
  conversationFromAnthropicMessages,
  conversationFromResponsesItems,
  conversationFromUIMessages,
  explainImageCard,
  imageCardModel,
  eventsUpTo,
  lastSeq,
  logAtEvent,
  logUpTo,
  MCP_PRESENTATION_META_KEY,
  parseSessionLog,
  readAgentLog,
  SessionLogReader,
  toolRowModel,
  viewContentBlock,
} from './model';
export type {
  AgentLog,
  AgentLogFormat,
  AttachmentRef,
  Conversation,
  ContentBlockView,
  ConversationItem,
  ImageCard,
  ImageCardImage,
  LogProblem,
  McpCallToolResult,
  McpToolCall,
  MessagePart,
  MessageRole,
  OtherEventCount,
  ParsedSessionLog,
  SessionEvent,
  SessionFacts,
  SessionHeader,
  ToolApprovalRequest,
  ToolCallNode,
  ToolCallTree,
  ToolResult,
  ToolRowModel,
  UIMessageLike,
} from './model';

// The provider and what it renders.
export { ToolCardProvider, type ToolCardProviderProps } from './plugins/tool-card-provider';
export type { ToolCardPlugin } from './plugins/tool-card-plugin';
export type { PluginErrorReport, ToolCardErrorReport } from './plugins/plugin-error-report';
export { SessionReplay, type SessionReplayProps } from './components/session-replay/session-replay';
export type { ReplayView } from './components/session-replay/replay-view-tabs';
export { StepControl, type StepControlProps } from './components/session-replay/step-control';
export { NO_FILTER, REPLAY_STATES, type ReplayFilter, type ReplayState } from './model/replay/replay-search';
export { ToolCallView } from './components/row/tool-call-view';
export { ToolRow, type ToolRowProps } from './components/row/tool-row';
export type { ToolApprovalHandler } from './components/row/approval-buttons';
export { ImageCardBody, type ImageCardBodyProps } from './components/row/image-card-body';
export { InOutBody, type InOutBodyProps } from './components/row/in-out-body';
export { callImages } from './components/row/call-images';
export { ConversationMessage, type ConversationMessageProps } from './components/message/conversation-message';
export { ImageGallery, type ImageGalleryProps } from './components/gallery/image-gallery';
export { ImageLightbox, type ImageLightboxProps } from './components/lightbox/image-lightbox';
export { ImageComparison, type ComparedImage, type ImageComparisonProps } from './components/comparison/image-comparison';
export type { ImageComparisonMode } from './components/comparison/comparison-modes';
export type { CallActionsOwnerProps, ImageActionsOwnerProps, ImagesOwnerProps, MessageOwnerProps, ToolViewOwnerProps } from './components/tool-slots';
export type { OpenImage } from './components/gallery/open-image';

// Loading images.
export type { LoadImage } from './components/load-image';
export { AttachmentNotAvailableError, isAttachmentNotAvailable } from './components/image-loading/attachment-not-available';
export type { ImageCachePolicy } from './components/image-loading/image-cache-scope';
export { useAttachmentImage, type ImageLoadState } from './components/image-loading/use-attachment-image';
export { useToolCardSettings, type ToolCardSettings } from './components/tool-card-settings';

// Slots, for an app's own plugins.
export { renderSlot, type RenderSlotOptions, type SlotFallback } from './slots/slot';
export { SlotUsageError } from './slots/child-slot-guard';
export { SlotRuleError, type SlotRuleBreach } from './slots/slot-rule-error';
export type { Disposer, SlotName } from './slots/slot-map';
export type { SlotEntry, SlotErrorReport, SlotRegistration, SlotRegistry } from './slots/slot-registry';

// Words.
export { en } from './labels/en';
export { zhCN } from './labels/zh-cn';
export { useLabels } from './labels/labels-context';
export type { LabelKey, LabelSet, Locale } from './labels/label-set';

// Big logs off the page's thread.
export { parseSessionLogInWorker, type ParseInWorkerOptions, type ParseProgress } from './worker/parse-in-worker';
export { SessionLogReceiver, SessionLogSender, type SessionLogMessage } from './worker/log-stream';
