import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useId, useMemo, type ReactNode } from 'react';
import { imageScopeKey, isImageQueryOf, releaseCachedImage } from './cached-image';

/** How a provider caches image bytes. */
export interface ImageCachePolicy {
  /** How long (ms) an image nothing shows stays cached; its object URL is revoked when it goes. */
  readonly gcTime?: number;
  /** Automatic retries of a failed load. An attachment that is not in the store is never retried. */
  readonly retries?: number;
}

export const DEFAULT_IMAGE_GC_TIME_MS = 5 * 60_000;
export const DEFAULT_IMAGE_LOAD_RETRIES = 2;

export interface ImageCacheScopeValue {
  /** Unique per scope, so two providers sharing a QueryClient never revoke each other's URLs. */
  readonly scopeId: string;
  readonly gcTime: number;
  readonly retries: number;
}

const ImageCacheScopeContext = createContext<ImageCacheScopeValue | undefined>(undefined);

export interface ImageCacheScopeProps {
  readonly policy?: ImageCachePolicy | undefined;
  readonly children?: ReactNode;
}

/**
 * Owns the object URLs of the images loaded below it (inside a QueryClientProvider): a URL is
 * revoked when its cache entry is removed, and every entry of the scope is removed on unmount.
 */
export function ImageCacheScope({ policy, children }: ImageCacheScopeProps): ReactNode {
  const scopeId = useId();
  const queryClient = useQueryClient();
  const gcTime = policy?.gcTime ?? DEFAULT_IMAGE_GC_TIME_MS;
  const retries = policy?.retries ?? DEFAULT_IMAGE_LOAD_RETRIES;

  useEffect(() => {
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' && isImageQueryOf(scopeId, event.query.queryKey)) {
        releaseCachedImage(event.query.state.data);
      }
    });
    return () => {
      // Removing while still subscribed: each removal releases its URL.
      queryClient.removeQueries({ queryKey: imageScopeKey(scopeId) });
      unsubscribe();
    };
  }, [queryClient, scopeId]);

  const value = useMemo(() => ({ scopeId, gcTime, retries }), [scopeId, gcTime, retries]);
  return <ImageCacheScopeContext.Provider value={value}>{children}</ImageCacheScopeContext.Provider>;
}

export function useImageCacheScope(): ImageCacheScopeValue {
  const scope = useContext(ImageCacheScopeContext);
  if (scope === undefined) throw new Error('Attachment images need a <ToolCardProvider> above them.');
  return scope;
}
