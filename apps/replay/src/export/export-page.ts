import { createHash } from 'node:crypto';

import {
  EXPORT_COMPARE_WORKER_ID,
  EXPORT_DIFF_WORKER_ID,
  EXPORT_FORMAT,
  EXPORT_IMAGE_ATTRIBUTE,
  EXPORT_LOG_ATTRIBUTE,
  EXPORT_MANIFEST_ID,
  EXPORT_MEDIA_TYPE_ATTRIBUTE,
  EXPORT_SESSION_ATTRIBUTE,
  type ExportedSession,
  type ExportManifest,
} from '../../wire/export.ts';
import { encodeExportBytes } from '../../wire/export-bytes.ts';
import { attributeText, jsonInScript } from './ascii-text.ts';
import type { PageLog } from './compressed-log.ts';
import type { InlineViewer, InlineWorker } from './inline-viewer.ts';

/** The element each worker's script is written in, which the page looks for (wire/export.ts). */
const WORKER_IDS: Readonly<Record<InlineWorker, string>> = { diff: EXPORT_DIFF_WORKER_ID, compare: EXPORT_COMPARE_WORKER_ID };

/** The workers' scripts a page carries, by their elements' ids: the compare worker's only in a comparison's (one session's page never starts it). */
function pageWorkers(viewer: InlineViewer, sessions: readonly PageSession[]): (readonly [id: string, script: string])[] {
  const workers: InlineWorker[] = sessions.length > 1 ? ['diff', 'compare'] : ['diff'];
  return workers.map((worker) => [WORKER_IDS[worker], viewer.workers[worker]] as const);
}

/** An image the page carries: its bytes as they will be shown (the store's, or downscaled). */
export interface PageImage {
  readonly attachmentId: string;
  readonly mediaType: string;
  readonly data: Uint8Array;
}

export interface PageSession {
  readonly session: ExportedSession;
  readonly log: PageLog;
  readonly images: readonly PageImage[];
}

export interface ExportPageInput {
  readonly viewer: InlineViewer;
  /** In the order the page opens them (a session export gives one). */
  readonly sessions: readonly PageSession[];
  /** The find bar's filter as the viewer's query string says it; empty for none. */
  readonly filter: string;
  readonly exportedAt: Date;
}

/** `'sha256-…'`: the Content-Security-Policy source that allows exactly this inline script or style. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of an exported page: nothing may load (`default-src 'none'`), no
 * script or style but the page's own (by their hashes: an element a hostile log smuggled in would
 * have another), images only from the object URLs the viewer makes of the bytes it carries (and read
 * back from them only), and no `<base>` or form that could send anything anywhere.
 */
export function exportPolicy(viewer: InlineViewer): string {
  return [
    "default-src 'none'",
    `script-src ${cspHash(viewer.script)}`,
    `style-src ${cspHash(viewer.style)}`,
    'img-src blob:',
    // The image comparison reads an image's bytes back from its object URL (fetch): blob: is the page's own memory, never the network.
    'connect-src blob:',
    // Its difference, and the comparison's alignment, run in workers started from the page's own copies of their scripts, as blobs.
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

/** What the file shows before its viewer runs (which replaces it), and where scripts are off: markup, ASCII as the page is. */
const OPENING_TEXT = 'Opening the session&hellip; If this text stays, the file is incomplete (cut short as it was copied or downloaded): export it again.';
const NO_SCRIPT_TEXT = 'This file shows the session with JavaScript, which is turned off here.';

/**
 * The exported page, in the pieces it is written in (a server streams them; nothing holds the page
 * twice): the viewer inlined under its policy, each session's verdicts as JSON, its log's and
 * each image's bytes in a script element of its own (the log's gzipped). The page is windows-1252 and every text in it is
 * ASCII (see ascii-text.ts): an image is its own bytes plus about 1.6 %.
 */
export function* exportPage({ viewer, sessions, filter, exportedAt }: ExportPageInput): Generator<Uint8Array> {
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    open: sessions.map(({ session }) => session.info.id),
    filter,
    exportedAt: exportedAt.toISOString(),
  };
  const title = sessions.map(({ session }) => session.info.log).join(' / ');
  yield ascii(
    [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="windows-1252">',
      `<meta http-equiv="Content-Security-Policy" content="${attributeText(exportPolicy(viewer))}">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${attributeText(title)} - Session replay</title>`,
      `<style>${viewer.style}</style>`,
      '</head>',
      '<body>',
      // Shown until the viewer, the file's last element, runs: a file cut short never gets that far.
      `<div id="root"><p>${OPENING_TEXT}</p><noscript><p>${NO_SCRIPT_TEXT}</p></noscript></div>`,
      `<script type="application/json" id="${EXPORT_MANIFEST_ID}">${jsonInScript(manifest)}</script>`,
      '',
    ].join('\n'),
  );
  for (const { session, log, images } of sessions) {
    yield ascii(`<script type="application/json" ${EXPORT_SESSION_ATTRIBUTE}="${attributeText(session.info.id)}">${jsonInScript(session)}</script>\n`);
    yield ascii(`<script type="application/octet-stream" ${EXPORT_LOG_ATTRIBUTE}="${attributeText(session.info.id)}">`);
    yield encodeExportBytes(log.gzip);
    yield ascii('</script>\n');
    for (const image of images) {
      const key = `${session.info.id}/${image.attachmentId}`;
      yield ascii(
        `<script type="application/octet-stream" ${EXPORT_IMAGE_ATTRIBUTE}="${attributeText(key)}" ${EXPORT_MEDIA_TYPE_ATTRIBUTE}="${attributeText(image.mediaType)}">`,
      );
      yield encodeExportBytes(image.data);
      yield ascii('</script>\n');
    }
  }
  for (const [id, script] of pageWorkers(viewer, sessions)) yield ascii(`<script type="text/plain" id="${id}">${script}</script>\n`);
  yield ascii(`<script type="module">${viewer.script}</script>\n</body>\n</html>\n`);
}

/** What a page's size is made of, in bytes (the rest is its JSON and markup). */
export interface PageSizes {
  readonly viewer: number;
  readonly images: number;
  readonly imageCount: number;
  /** The logs as the page carries them, gzipped, and as text. */
  readonly log: { readonly gzip: number; readonly text: number };
}

export function pageSizes(viewer: InlineViewer, sessions: readonly PageSession[]): PageSizes {
  const images = sessions.flatMap((session) => session.images);
  return {
    viewer: [viewer.script, viewer.style, ...pageWorkers(viewer, sessions).map(([, script]) => script)].reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    images: images.reduce((sum, image) => sum + image.data.byteLength, 0),
    imageCount: images.length,
    log: {
      gzip: sessions.reduce((sum, { log }) => sum + log.gzip.byteLength, 0),
      text: sessions.reduce((sum, { log }) => sum + log.bytes, 0),
    },
  };
}
