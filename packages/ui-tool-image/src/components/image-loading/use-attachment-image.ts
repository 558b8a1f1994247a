import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AttachmentRef } from '../../model';
import type { LoadImage } from '../load-image';
import { isAttachmentNotAvailable } from './attachment-not-available';
import { cachedImageQuery, isKnownMissing, type CachedImage } from './cached-image';
import { useImageCacheScope } from './image-cache-scope';

export type ImageLoadState =
  /** Not requested yet (not near the viewport). */
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly url: string }
  | { readonly status: 'failed'; readonly error: unknown; readonly retry: () => void }
  /** The loader said the attachment is not in the store. */
  | { readonly status: 'not-available' };

function loadState(query: UseQueryResult<CachedImage>, enabled: boolean): ImageLoadState {
  if (query.data !== undefined) return { status: 'ready', url: query.data.url };
  if (query.fetchStatus !== 'idle') return { status: 'loading' };
  if (query.status === 'error') {
    if (isAttachmentNotAvailable(query.error)) return { status: 'not-available' };
    const { error, refetch } = query;
    return {
      status: 'failed',
      error,
      retry: () => {
        void refetch();
      },
    };
  }
  return { status: enabled ? 'loading' : 'idle' };
}

/**
 * The bytes of one attachment as an image URL, through the provider's cache. Nothing is requested
 * while `enabled` is false (an image another viewer already loaded is still shown); the request is
 * aborted when no viewer needs it any more.
 */
export function useAttachmentImage(
  ref: AttachmentRef,
  loadImage: LoadImage,
  options: { readonly enabled: boolean },
): ImageLoadState {
  const scope = useImageCacheScope();
  const query = useQuery({ ...cachedImageQuery(scope, ref, loadImage), enabled: options.enabled });
  return loadState(query, options.enabled);
}

/** Starts loading an attachment nothing shows yet (the lightbox's neighbours), into the same cache. */
export function usePrefetchAttachmentImage(): (ref: AttachmentRef, loadImage: LoadImage) => void {
  const scope = useImageCacheScope();
  const queryClient = useQueryClient();
  return useCallback(
    (ref, loadImage) => {
      const options = cachedImageQuery(scope, ref, loadImage);
      if (isKnownMissing(queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true }))) return;
      // A failed prefetch is not an error to report: the viewer that shows the image will say so.
      queryClient.query(options).catch(() => undefined);
    },
    [queryClient, scope],
  );
}
