import { queryOptions, type Query } from '@tanstack/react-query';
import type { AttachmentRef } from '../../model';
import type { LoadImage } from '../load-image';
import { isAttachmentNotAvailable } from './attachment-not-available';
import type { ImageCacheScopeValue } from './image-cache-scope';

const IMAGE_QUERY_ROOT = 'toolcard-image';

/** A loaded image as the cache holds it; `owned` URLs are object URLs the cache must revoke. */
export interface CachedImage {
  readonly url: string;
  readonly owned: boolean;
}

export function imageScopeKey(scopeId: string): readonly [string, string] {
  return [IMAGE_QUERY_ROOT, scopeId];
}

export function isImageQueryOf(scopeId: string, queryKey: unknown): boolean {
  return Array.isArray(queryKey) && queryKey[0] === IMAGE_QUERY_ROOT && queryKey[1] === scopeId;
}

function isCachedImage(data: unknown): data is CachedImage {
  return typeof data === 'object' && data !== null && 'url' in data && 'owned' in data;
}

export function releaseCachedImage(data: unknown): void {
  if (isCachedImage(data) && data.owned) URL.revokeObjectURL(data.url);
}

async function loadCachedImage(ref: AttachmentRef, loadImage: LoadImage, signal: AbortSignal): Promise<CachedImage> {
  const source = await loadImage(ref, { signal });
  if (typeof source === 'string') return { url: source, owned: false };
  signal.throwIfAborted();
  const url = URL.createObjectURL(source);
  // The query aborts only while this fetch is unresolved: then its result is dropped, so is the URL.
  signal.addEventListener('abort', () => {
    URL.revokeObjectURL(url);
  });
  return { url, owned: true };
}

/** A load that failed with "not in the store" is not repeated by a new viewer or a prefetch. */
export function isKnownMissing(query: Pick<Query, 'state'> | undefined): boolean {
  return query !== undefined && isAttachmentNotAvailable(query.state.error);
}

/** One query per attachment id and scope: the same attachment in many cards loads once. */
export function cachedImageQuery(scope: ImageCacheScopeValue, ref: AttachmentRef, loadImage: LoadImage) {
  return queryOptions({
    queryKey: [...imageScopeKey(scope.scopeId), ref.attachmentId],
    queryFn: ({ signal }) => loadCachedImage(ref, loadImage, signal),
    // 'static' rather than Infinity: even invalidateQueries() must not refetch, or a second URL
    // would replace one a thumbnail still shows.
    staleTime: 'static',
    gcTime: scope.gcTime,
    retry: (failureCount, error) => failureCount < scope.retries && !isAttachmentNotAvailable(error),
    retryOnMount: (query) => !isKnownMissing(query),
    // The loader is the embedder's: it may read a local store, so the browser's online flag says nothing.
    networkMode: 'always',
  });
}
