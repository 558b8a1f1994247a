import { AttachmentNotAvailableError, type LoadImage } from '@toolcard/ui-tool-image';
import { fixtureImageUrl } from './fixture-images';

/**
 * The recorded attachment store (DESIGN §5): `fixtures/attachments/index.json` maps each
 * attachmentId to `{ file, mediaType }`, and the files sit beside it. Ids stay opaque: the index is
 * the only link from an id to a file. Both globs are empty while nothing has been recorded yet.
 */
interface IndexEntry {
  readonly file: string;
  readonly mediaType: string;
}

const INDEX_MODULES = import.meta.glob<unknown>('../fixtures/attachments/index.json', { eager: true, import: 'default' });
const FILE_URLS = import.meta.glob<string>(['../fixtures/attachments/*', '!../fixtures/attachments/index.json'], {
  query: '?url',
  import: 'default',
  eager: true,
});

function isIndexEntry(value: unknown): value is IndexEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { file, mediaType } = value as { file?: unknown; mediaType?: unknown };
  return typeof file === 'string' && typeof mediaType === 'string';
}

function readIndex(): ReadonlyMap<string, string> {
  const urls = new Map<string, string>();
  for (const index of Object.values(INDEX_MODULES)) {
    if (typeof index !== 'object' || index === null) continue;
    for (const [attachmentId, entry] of Object.entries(index)) {
      if (!isIndexEntry(entry)) continue;
      const url = FILE_URLS[`../fixtures/attachments/${entry.file}`];
      if (url !== undefined) urls.set(attachmentId, url);
    }
  }
  return urls;
}

const RECORDED_URLS = readIndex();

/** The URL of a recorded attachment's file, or `undefined` when the recorded store does not hold it. */
export function attachmentUrl(attachmentId: string): string | undefined {
  return RECORDED_URLS.get(attachmentId);
}

/** How many attachments the recorded index resolves to files (0 while nothing is recorded). */
export const RECORDED_ATTACHMENT_COUNT = RECORDED_URLS.size;

/**
 * Loads from the fixture attachment store: the recorded store first, then the reference logs' own
 * images; ids neither holds reject with `AttachmentNotAvailableError`.
 */
export const loadRecordedAttachment: LoadImage = async (ref, { signal }) => {
  const url = attachmentUrl(ref.attachmentId) ?? (await fixtureImageUrl(ref.attachmentId));
  if (url === undefined) throw new AttachmentNotAvailableError(`${ref.attachmentId} is not in the fixture attachment store`);
  const response = await fetch(url, { signal });
  if (response.status === 404) throw new AttachmentNotAvailableError(`${ref.attachmentId}: fixture file missing`);
  if (!response.ok) throw new Error(`Fixture attachment request failed with HTTP ${response.status}`);
  return response.blob();
};

/** A loader over blobs already in the browser, keyed by attachmentId; anything else is not available. */
export function blobLoader(blobs: ReadonlyMap<string, Blob>): LoadImage {
  return (ref) => {
    const blob = blobs.get(ref.attachmentId);
    return blob === undefined ? Promise.reject(new AttachmentNotAvailableError(`${ref.attachmentId} was not supplied`)) : Promise.resolve(blob);
  };
}
