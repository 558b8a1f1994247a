export { AttachmentNotAvailableError, isAttachmentNotAvailable } from './attachment-not-available';
export { imageNotAvailableText } from './not-available-text';
export { DEFAULT_IMAGE_GC_TIME_MS, DEFAULT_IMAGE_LOAD_RETRIES, ImageCacheScope, type ImageCachePolicy, type ImageCacheScopeProps } from './image-cache-scope';
export { useAttachmentImage, useAttachmentImageWithNeighbours, usePrefetchAttachmentImage, type ImageLoadState } from './use-attachment-image';
export { useNearViewport } from './use-near-viewport';
export { withInlineImages } from './inline-image-loader';
