// The sessions an exported HTML file carries, as its builder writes them and its viewer reads them (types only, and the names both sides look for).

import type { ReviewLine } from '../src/reviews/review-line';
import type { SessionInfo } from './workbench';

/** `<script type="application/json" id="…">`: which sessions the file opens on, and the find bar's filter it opens with. */
export const EXPORT_MANIFEST_ID = 'toolcard-export';
/** `<script type="application/json" data-toolcard-session="<id>">`: one per session (a comparison carries two). */
export const EXPORT_SESSION_ATTRIBUTE = 'data-toolcard-session';
/**
 * `<script type="application/octet-stream" data-toolcard-image="<session id>/<attachment id>" data-media-type="image/png">`:
 * one per image, its bytes written as they are (see export-bytes.ts), so an image costs its own size and not base64's third more.
 */
export const EXPORT_IMAGE_ATTRIBUTE = 'data-toolcard-image';
export const EXPORT_MEDIA_TYPE_ATTRIBUTE = 'data-media-type';
/**
 * `<script type="application/octet-stream" data-toolcard-log="<session id>">`: the log's UTF-8 bytes gzipped (a log
 * is a tenth of that or less; the page reads it back with the browser's `DecompressionStream`), written as the images' are.
 */
export const EXPORT_LOG_ATTRIBUTE = 'data-toolcard-log';
/**
 * `<script type="text/plain" id="…">`: the image difference's worker script (ASCII, as the viewer's), started from a
 * blob of it (`worker-src blob:`), so a comparison's Difference mode does not hold the page for a large image.
 */
export const EXPORT_DIFF_WORKER_ID = 'toolcard-diff-worker';
/** `<script type="text/plain" id="…">`: the compare worker's script, started as the image difference's is, so two long logs are parsed and aligned off the page's thread. */
export const EXPORT_COMPARE_WORKER_ID = 'toolcard-compare-worker';
export const EXPORT_FORMAT = 'toolcard-export/2';

export interface ExportManifest {
  readonly format: typeof EXPORT_FORMAT;
  /** The sessions the page shows, in order (a session export names one). */
  readonly open: readonly string[];
  /** The find bar's filter as the viewer's query string says it (`tool=…&state=…&q=…`); empty for none. */
  readonly filter: string;
  /** When the file was written (ISO 8601). */
  readonly exportedAt: string;
}

/** A session's JSON; its log (as the live viewer reads it: another agent's file is the copy whose inline images are moved out) is in its own element. */
export interface ExportedSession {
  readonly info: SessionInfo;
  /** The attachment ids of the images the file holds (the ones the log references that the store held). */
  readonly images: readonly string[];
  /**
   * Images whose bytes an earlier session's element already carries (a comparison's two runs share
   * most of theirs, and the file holds each once): attachment id → that element's key (`<session id>/<attachment id>`).
   */
  readonly sharedImages?: Readonly<Record<string, string>>;
  /** The standing verdict and note per target; read-only in the file. */
  readonly reviews: readonly ReviewLine[];
  /** When the manifest's filter chose the log's lines: the top-level calls kept, of the log's. Absent for a whole log. */
  readonly kept?: { readonly calls: number; readonly of: number };
}
