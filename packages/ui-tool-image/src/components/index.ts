export type { LoadImage } from './load-image';
export type { CallActionsOwnerProps, ImageActionsOwnerProps, ImagesOwnerProps, MessageOwnerProps, ToolViewOwnerProps } from './tool-slots';
export type { OpenImage } from './gallery/open-image';
export { MessageView, PlainMessageView } from './message/message-view';
export { ToolCardSettingsContext, useToolCardSettings, type ToolCardSettings } from './tool-card-settings';
export { ToolRow, type ToolRowProps } from './row/tool-row';
export type { ToolApprovalHandler } from './row/approval-buttons';
export { ToolIcon } from './row/tool-icon';
export { InOutBody, type InOutBodyProps } from './row/in-out-body';
export { ToolCallView, GenericToolRow, NestedToolCalls } from './row/tool-call-view';
export { ReadFamilyRow } from './row/read-family-row';
export { ImageCardBody, type ImageCardBodyProps } from './row/image-card-body';
export { callImages } from './row/call-images';
export { SessionReplay, type SessionReplayProps } from './session-replay/session-replay';
export type { ReplayView } from './session-replay/replay-view-tabs';
export { NO_FILTER, REPLAY_STATES, type ReplayFilter, type ReplayState } from '../model/replay/replay-search';
export {
  AttachmentNotAvailableError,
  DEFAULT_IMAGE_GC_TIME_MS,
  DEFAULT_IMAGE_LOAD_RETRIES,
  ImageCacheScope,
  isAttachmentNotAvailable,
  useAttachmentImage,
  useNearViewport,
  withInlineImages,
  usePrefetchAttachmentImage,
  type ImageCachePolicy,
  type ImageCacheScopeProps,
  type ImageLoadState,
} from './image-loading';
export { ImageLightbox, type ImageLightboxProps } from './lightbox';
export { ImageGallery, type ImageGalleryProps } from './gallery';
export { ConversationMessage, type ConversationMessageProps } from './message/conversation-message';
