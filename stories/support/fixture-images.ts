import { sha256Id } from './content-address';
import { REFERENCE_IMAGE_URLS } from './reference-logs';

/**
 * The reference logs' own image files, indexed by their content address: each file's sha256 is
 * the `sha256:` attachment id its log references (the local store's ids). Ids stay opaque: nothing
 * derives a path from one, the index is built from the bytes. A log put in the reference-log folder
 * with its image files needs no code to show them.
 */
async function indexByContent(): Promise<ReadonlyMap<string, string>> {
  const entries = await Promise.all(
    Object.values(REFERENCE_IMAGE_URLS).map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Reference image ${url} answered HTTP ${response.status}`);
      return [await sha256Id(await response.blob()), url] as const;
    }),
  );
  return new Map(entries);
}

let index: Promise<ReadonlyMap<string, string>> | undefined;

/** The URL of the reference-log image file holding an attachment, or `undefined` when none does. */
export async function fixtureImageUrl(attachmentId: string): Promise<string | undefined> {
  // Built once, on first use; a failed build is not cached, so the next load tries again.
  index ??= indexByContent().catch((cause: unknown) => {
    index = undefined;
    throw cause;
  });
  return (await index).get(attachmentId);
}
