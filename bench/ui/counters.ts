import type { LoadImage } from '@toolcard/ui-tool-image';

export interface CountingLoader {
  readonly loadImage: LoadImage;
  /** attachmentId → how many times the loader was called for it. */
  readonly callsById: ReadonlyMap<string, number>;
}

export function countingLoader(load: LoadImage): CountingLoader {
  const callsById = new Map<string, number>();
  return {
    callsById,
    loadImage: (ref, options) => {
      callsById.set(ref.attachmentId, (callsById.get(ref.attachmentId) ?? 0) + 1);
      return load(ref, options);
    },
  };
}

export interface ObjectUrlLedger {
  readonly created: () => number;
  /** Created and not revoked yet (revoking one twice does not hide another). */
  readonly live: () => number;
}

/** Wraps `URL.createObjectURL` and `URL.revokeObjectURL` for the rest of the page's life. */
export function trackObjectUrls(): ObjectUrlLedger {
  const live = new Set<string>();
  let created = 0;
  const create = URL.createObjectURL.bind(URL);
  const revoke = URL.revokeObjectURL.bind(URL);
  URL.createObjectURL = (object) => {
    const url = create(object);
    created += 1;
    live.add(url);
    return url;
  };
  URL.revokeObjectURL = (url) => {
    live.delete(url);
    revoke(url);
  };
  return { created: () => created, live: () => live.size };
}
