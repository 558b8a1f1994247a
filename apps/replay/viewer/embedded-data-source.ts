import { AttachmentNotAvailableError } from '@toolcard/ui-tool-image';

import {
  EXPORT_DIFF_WORKER_ID,
  EXPORT_IMAGE_ATTRIBUTE,
  EXPORT_LOG_ATTRIBUTE,
  EXPORT_MANIFEST_ID,
  EXPORT_MEDIA_TYPE_ATTRIBUTE,
  EXPORT_SESSION_ATTRIBUTE,
  type ExportedSession,
  type ExportManifest,
} from '../wire/export';
import { decodeExportBytes } from '../wire/export-bytes';
import type { ViewerDataSource } from './data-source';
import { LogFeed } from './log-feed';
import { ONE_SESSION_ID } from './session-api';

/** Bytes of a log parsed per task: a long exported log is read in slices, so its page keeps answering and shows how far it is. */
const BYTES_PER_SLICE = 1_048_576;

/** The verdicts of an exported file are the ones it was written with. */
const READ_ONLY = 'This file is an export: its verdicts are read-only';

/**
 * The sessions an exported HTML file carries (see wire/export.ts), or `null` when the page has none
 * (it is served by the replay server). Nothing is fetched: the log, images and verdicts are read
 * from the page's own `<script type="application/json">` elements, each parsed when first asked for.
 *
 * The log is gunzipped and parsed on the page's thread after the first paint, not in the follow
 * worker: under the file's Content-Security-Policy (`default-src 'none'`) a worker needs its own
 * script as a blob (`worker-src blob:`) and the log copied into it, to save one pass over a log that
 * no longer grows (the 3 000-call session of `pnpm bench:export` parses in tens of milliseconds).
 */
export function embeddedDataSource(document: Document): ViewerDataSource | null {
  const manifestScript = document.getElementById(EXPORT_MANIFEST_ID);
  if (manifestScript === null) return null;
  const manifest = JSON.parse(manifestScript.textContent) as ExportManifest;
  const parsed = new Map<string, ExportedSession>();
  // `current` is the session the file opens on, as it is the one file a replay server was given.
  const idOf = (sessionId: string): string => (sessionId === ONE_SESSION_ID ? (manifest.open[0] ?? sessionId) : sessionId);
  const sessionOf = (sessionId: string): ExportedSession | undefined => {
    const id = idOf(sessionId);
    const known = parsed.get(id);
    if (known !== undefined) return known;
    const script = [...document.querySelectorAll(`script[${EXPORT_SESSION_ATTRIBUTE}]`)].find((each) => each.getAttribute(EXPORT_SESSION_ATTRIBUTE) === id);
    if (script === undefined) return undefined;
    const session = JSON.parse(script.textContent) as ExportedSession;
    parsed.set(id, session);
    return session;
  };
  let images: Map<string, Element> | undefined;
  const imageScripts = (): Map<string, Element> =>
    (images ??= new Map(
      [...document.querySelectorAll(`script[${EXPORT_IMAGE_ATTRIBUTE}]`)].map((script) => [script.getAttribute(EXPORT_IMAGE_ATTRIBUTE) ?? '', script]),
    ));
  return {
    info: () => {
      const first = sessionOf(ONE_SESSION_ID);
      return Promise.resolve({ mode: 'session', roots: first === undefined ? [] : [first.info.log], reviewer: '', canReview: false });
    },
    sessionInfo: (sessionId) => Promise.resolve(sessionOf(sessionId)?.info ?? 'missing'),
    followLog: (sessionId, { signal, onLog, onStatus }) => {
      // After the first paint: the page says "Loading the log…" while it is parsed.
      setTimeout(() => {
        const id = idOf(sessionId);
        const script = [...document.querySelectorAll(`script[${EXPORT_LOG_ATTRIBUTE}]`)].find((each) => each.getAttribute(EXPORT_LOG_ATTRIBUTE) === id);
        if (signal.aborted || script === undefined) return;
        void gunzipped(script).then((bytes) => {
          if (signal.aborted) return;
          const feed = new LogFeed();
          feed.begin(0, 0);
          const readFrom = (start: number): void => {
            if (signal.aborted) return;
            const end = Math.min(start + BYTES_PER_SLICE, bytes.byteLength);
            feed.push(bytes.subarray(start, end));
            if (end < bytes.byteLength) {
              onStatus({ kind: 'reading', bytes: end, total: bytes.byteLength });
              setTimeout(() => {
                readFrom(end);
              });
              return;
            }
            onLog(feed.snapshot(), () => undefined);
            onStatus({ kind: 'complete' });
          };
          if (bytes.byteLength <= BYTES_PER_SLICE) {
            readFrom(0);
            return;
          }
          // A log of more than one slice: its progress shows from the start, before its first slice is parsed (so a comparison's two logs, parsed in turns, each show theirs).
          onStatus({ kind: 'reading', bytes: 0, total: bytes.byteLength });
          setTimeout(() => {
            readFrom(0);
          });
        });
      });
    },
    loadImage: (sessionId) => (ref) => {
      const id = idOf(sessionId);
      const script = imageScripts().get(sessionOf(id)?.sharedImages?.[ref.attachmentId] ?? `${id}/${ref.attachmentId}`);
      if (script === undefined) return Promise.reject(new AttachmentNotAvailableError());
      return Promise.resolve(blobOf(script));
    },
    reviews: (sessionId) => ({
      load: () => Promise.resolve(sessionOf(sessionId)?.reviews ?? []),
      send: () => Promise.reject(new Error(READ_ONLY)),
    }),
    exportHref: () => null,
    comparisonExportHref: () => null,
    openingFilter: manifest.filter,
    openingComparison: comparedIn(manifest),
    comparesInWorker: false,
    createDiffWorker: workerFromScript(document, EXPORT_DIFF_WORKER_ID),
    logsGrow: false,
    exportedSubset: (sessionId) => {
      const kept = sessionOf(sessionId)?.kept;
      return kept === undefined ? null : { filter: manifest.filter, ...kept };
    },
  };
}

/**
 * The log's bytes from its element, gunzipped whole before any is parsed (`DecompressionStream`: no
 * request, so nothing the file's policy must allow); the parse then goes a slice per task. Bytes
 * that do not gunzip to the end (a file damaged after it was written) give the log as far as they
 * go: the reader's problems then say its last line is cut short.
 */
async function gunzipped(script: Element): Promise<Uint8Array> {
  const reader = new Blob([decodeExportBytes(script.textContent)]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
  } catch {
    // As far as they went (see above).
  }
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Starts workers from the page's own copy of a worker's script (its element `id`), as a blob made once; undefined when the page has none. */
function workerFromScript(document: Document, id: string): (() => Worker) | undefined {
  const code = document.getElementById(id)?.textContent;
  if (code === undefined || code === '') return undefined;
  let url: string | undefined;
  return () => new Worker((url ??= URL.createObjectURL(new Blob([code], { type: 'text/javascript' }))));
}

/** A comparison's file names its two sessions (A, then B); a session's names one. */
function comparedIn(manifest: ExportManifest): { readonly a: string; readonly b: string } | null {
  const [a, b] = manifest.open;
  return a === undefined || b === undefined ? null : { a, b };
}

/** The image's bytes as a Blob, decoded when first shown: the card shows it through an object URL (`img-src blob:`), never a data: URL. */
function blobOf(script: Element): Blob {
  return new Blob([decodeExportBytes(script.textContent)], { type: script.getAttribute(EXPORT_MEDIA_TYPE_ATTRIBUTE) ?? '' });
}
