import { readFile } from 'node:fs/promises';

import { conversationImageIds } from '@toolcard/ui-tool-image/model';

import type { SessionInfo } from '../../wire/workbench.ts';
import type { ReviewFile } from '../reviews/local-review-file.ts';
import { SESSION_ID } from '../server/live-session.ts';
import { storedUnderHeldIds } from '../server/replay-attachments.ts';
import type { ServedLog } from '../server/served-log.ts';
import { filterFromSearch } from '../../viewer/url-filter.ts';
import { compressedLog } from './compressed-log.ts';
import { downscaledImage } from './downscaled-image.ts';
import { filteredLog, type FilteredLog } from './filtered-log.ts';
import type { PageImage, PageSession } from './export-page.ts';
import { reviewsOfItems } from './kept-reviews.ts';

export interface SessionExportOptions {
  readonly info: SessionInfo;
  /** The session's log as the server serves it (another agent's file: the copy, its inline images in the spool's store). */
  readonly served: ServedLog;
  readonly reviewFile: ReviewFile | undefined;
  /** Longer side of the images the page carries, in pixels; originals when absent. */
  readonly maxEdge?: number;
  /** The viewer's query string filter (`tool=…&state=…&q=…`): when it names one, the page carries only the lines and images of the calls it matches. */
  readonly filter?: string;
}

export interface CollectedSession {
  readonly page: PageSession;
  /** Ids the log references that the store could not give (the page shows them as not in the store). */
  readonly missing: readonly string[];
  /** With a filter: the top-level calls carried, of the log's. */
  readonly calls?: FilteredLog['calls'];
}

/** Store reads at once: an S3 store answers each in a round trip. */
const READS_AT_ONCE = 8;

/** A session as its export carries it: the log (with a filter, its matching calls' lines), every image it references that the store holds, the standing verdicts (with a filter, those on the calls kept). */
export async function collectSession({ info, served, reviewFile, maxEdge, filter = '' }: SessionExportOptions): Promise<CollectedSession> {
  // Another agent's inline images are held until validated: the export validates them as a page's first request does.
  const store = served.store === undefined || served.pending === undefined ? served.store : storedUnderHeldIds(served.store, served.pending);
  const whole = await readFile(served.session.tail.path, 'utf8');
  const filtered = filter === '' ? undefined : filteredLog(whole, filterFromSearch(filter));
  const log = filtered?.text ?? whole;
  const shown = filtered === undefined ? undefined : conversationImageIds(filtered.items);
  const referenced = [...((await served.session.source.referencedIds?.(SESSION_ID)) ?? [])].filter((id) => shown?.has(id) ?? true);
  const images: PageImage[] = [];
  const missing: string[] = [];
  const read = async (attachmentId: string): Promise<void> => {
    try {
      if (store === undefined) throw new Error('no store');
      const { ref, data } = await store.readImage(attachmentId);
      const image = { attachmentId, mediaType: ref.mediaType, data };
      images.push(maxEdge === undefined ? image : await downscaledImage(image, maxEdge));
    } catch {
      missing.push(attachmentId);
    }
  };
  for (let at = 0; at < referenced.length; at += READS_AT_ONCE) await Promise.all(referenced.slice(at, at + READS_AT_ONCE).map(read));
  const standing = reviewFile === undefined ? [] : [...(await reviewFile.read()).byTarget.values()];
  const reviews = filtered === undefined ? standing : reviewsOfItems(standing, filtered.items);
  images.sort((a, b) => a.attachmentId.localeCompare(b.attachmentId));
  const kept = filtered === undefined ? {} : { kept: { calls: filtered.calls.kept, of: filtered.calls.total } };
  return {
    page: { session: { info, images: images.map((image) => image.attachmentId), reviews, ...kept }, log: await compressedLog(log), images },
    missing,
    ...(filtered === undefined ? {} : { calls: filtered.calls }),
  };
}
