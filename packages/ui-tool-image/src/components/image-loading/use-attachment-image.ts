import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { AttachmentRef } from '../../model';
import type { LoadImage } from '../load-image';
import { isAttachmentNotAvailable, notAvailableReason } from './attachment-not-available';
import { cachedImageQuery, isKnownMissing, type CachedImage } from './cached-image';
import { useImageCacheScope } from './image-cache-scope';
import { useLatestCallback } from '../use-latest-callback';

export type ImageLoadState =
  /** Not requested yet (not near the viewport). */
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly url: string }
  | { readonly status: 'failed'; readonly error: unknown; readonly retry: () => void }
  /** The loader said the attachment is not in the store; `reason` when the store refused the image. */
  | { readonly status: 'not-available'; readonly reason?: string };

function loadState(query: UseQueryResult<CachedImage>, enabled: boolean): ImageLoadState {
  if (query.data !== undefined) return { status: 'ready', url: query.data.url };
  if (query.fetchStatus !== 'idle') return { status: 'loading' };
  if (query.status === 'error') {
    if (isAttachmentNotAvailable(query.error)) {
      const reason = notAvailableReason(query.error);
      return reason === undefined ? { status: 'not-available' } : { status: 'not-available', reason };
    }
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
export function useAttachmentImage(ref: AttachmentRef, loadImage: LoadImage, options: { readonly enabled: boolean }): ImageLoadState {
  const scope = useImageCacheScope();
  const query = useQuery({ ...cachedImageQuery(scope, ref, loadImage), enabled: options.enabled });
  return loadState(query, options.enabled);
}

/** The attachments to hold: the one shown first, then each other attachment once. */
function distinctAttachments(shown: AttachmentRef, nearby: readonly AttachmentRef[]): AttachmentRef[] {
  const held = [shown];
  for (const ref of nearby) {
    if (!held.some((other) => other.attachmentId === ref.attachmentId)) held.push(ref);
  }
  return held;
}

/**
 * One attachment shown, with the ones next to it (the lightbox's neighbours) loading into the same
 * cache so that moving to them finds them ready.
 *
 * All of them are held by one set of query observers matched by attachment, not by position: a
 * step to a neighbour keeps the observer of every image that is still shown or still next to the
 * one shown, so no load that is still needed loses its last observer (React Query aborts an
 * in-flight load whose last observer goes, when the loader took the signal). Only an image that is
 * neither any more is let go, and its load is aborted unless something else (a thumbnail) shows it.
 * Only the image shown re-renders the caller.
 */
export function useAttachmentImageWithNeighbours(shown: AttachmentRef, neighbours: readonly AttachmentRef[], loadImage: LoadImage): ImageLoadState {
  const scope = useImageCacheScope();
  const [current] = useQueries({
    queries: distinctAttachments(shown, neighbours).map((ref, position) => ({
      ...cachedImageQuery(scope, ref, loadImage),
      ...(position === 0 ? {} : { notifyOnChangeProps: [] }),
    })),
  });
  if (current === undefined) throw new Error('The attachment shown has no query.');

  // A neighbour that failed is already observed when it comes into view, so it does not "mount"
  // again: retry it as a new viewer would (never one that is not in the store).
  const retryOnView = useLatestCallback(() => {
    if (current.status === 'error' && current.fetchStatus === 'idle' && !isAttachmentNotAvailable(current.error)) {
      void current.refetch();
    }
  });
  useEffect(() => {
    retryOnView();
  }, [shown.attachmentId, retryOnView]);

  return loadState(current, true);
}

/**
 * Starts loading an attachment nothing shows yet, into the same cache. Fire and forget: a load that
 * a viewer joins and then leaves is aborted with it (the prefetch holds no observer). To keep images
 * loading while they are likely to be shown, hold them with useAttachmentImageWithNeighbours.
 */
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
