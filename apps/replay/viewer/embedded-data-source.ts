import { AttachmentNotAvailableError } from '@toolcard/ui-tool-image';

import {
  EXPORT_COMPARE_WORKER_ID,
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
import type { CompareStart, Side } from './compare/compare-protocol';
import type { ViewerDataSource } from './data-source';
import { gunzip } from './gunzip';
import { ONE_SESSION_ID } from './session-api';
import { wholeLogRead } from './whole-log';

/** The verdicts of an exported file are the ones it was written with. */
const READ_ONLY = 'This file is an export: its verdicts are read-only';

/**
 * The sessions an exported HTML file carries (see wire/export.ts), or `null` when the page has none
 * (it is served by the replay server). Nothing is fetched: the log, images and verdicts are read
 * from the page's own `<script type="application/json">` elements, each parsed when first asked for.
 *
 * A session's log is gunzipped and parsed on the page's thread after the first paint, a slice per
 * task, not in the follow worker: under the file's Content-Security-Policy (`default-src 'none'`) a
 * worker needs its own script as a blob (`worker-src blob:`) and the log handed to it, to save one pass
 * over a log that no longer grows (the 3 000-call session of `pnpm bench:export` parses in tens of
 * milliseconds). A comparison's two logs are handed gzipped (transferred, not copied) to the compare
 * worker, started that way, which gunzips, parses and aligns them: on the page, two 30 000-call logs
 * held it for over 100 ms at a time (the gunzip alone, hundreds on a busy machine).
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
  /** The log's gzipped bytes, as its element carries them; undefined when the file has no such element or its text is no bytes this file could hold. */
  const gzippedLog = (sessionId: string): Uint8Array<ArrayBuffer> | undefined => {
    const id = idOf(sessionId);
    const script = [...document.querySelectorAll(`script[${EXPORT_LOG_ATTRIBUTE}]`)].find((each) => each.getAttribute(EXPORT_LOG_ATTRIBUTE) === id);
    if (script === undefined) return undefined;
    try {
      return decodeExportBytes(script.textContent);
    } catch {
      return undefined;
    }
  };
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
        if (signal.aborted) return;
        const gzipped = gzippedLog(sessionId);
        if (gzipped === undefined) {
          onStatus({ kind: 'unreadable' });
          return;
        }
        void gunzip(gzipped).then((whole) => {
          // A slice per task, so the page keeps answering and shows how far it is.
          const reading = wholeLogRead(whole);
          const step = (): void => {
            if (signal.aborted) return;
            const next = reading.next();
            if (next.done) {
              onLog(next.value, () => undefined);
              onStatus({ kind: 'complete' });
              return;
            }
            onStatus(next.value);
            setTimeout(step);
          };
          step();
        });
      });
    },
    loadImage: (sessionId) => (ref) => {
      const id = idOf(sessionId);
      const script = imageScripts().get(sessionOf(id)?.sharedImages?.[ref.attachmentId] ?? `${id}/${ref.attachmentId}`);
      if (script === undefined) return Promise.reject(new AttachmentNotAvailableError());
      try {
        return Promise.resolve(blobOf(script));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    reviews: (sessionId) => ({
      load: () => Promise.resolve(sessionOf(sessionId)?.reviews ?? []),
      send: () => Promise.reject(new Error(READ_ONLY)),
    }),
    exportHref: () => null,
    comparisonExportHref: () => null,
    openingFilter: manifest.filter,
    openingComparison: comparedIn(manifest),
    startCompareWorker: compareWorkerStarter(workerFromScript(document, EXPORT_COMPARE_WORKER_ID), gzippedLog),
    createDiffWorker: workerFromScript(document, EXPORT_DIFF_WORKER_ID),
    logsGrow: false,
    exportedSubset: (sessionId) => {
      const kept = sessionOf(sessionId)?.kept;
      return kept === undefined ? null : { filter: manifest.filter, ...kept };
    },
  };
}

/** Starts workers from the page's own copy of a worker's script (its element `id`), as a blob made once; undefined when the page has none. */
function workerFromScript(document: Document, id: string): (() => Worker) | undefined {
  const code = document.getElementById(id)?.textContent;
  if (code === undefined || code === '') return undefined;
  let url: string | undefined;
  return () => new Worker((url ??= URL.createObjectURL(new Blob([code], { type: 'text/javascript' }))));
}

/**
 * Starts the compare worker and hands it both logs' gzipped bytes, transferred (the page keeps no
 * copy); undefined when no worker can start. A log the file cannot give throws before a worker
 * starts: the page then compares, and says which side cannot be read.
 */
function compareWorkerStarter(
  createWorker: (() => Worker) | undefined,
  gzippedLog: (sessionId: string) => Uint8Array<ArrayBuffer> | undefined,
): ((ids: Readonly<Record<Side, string>>) => Worker) | undefined {
  if (createWorker === undefined) return undefined;
  return (ids) => {
    const [a, b] = [gzippedLog(ids.a), gzippedLog(ids.b)];
    if (a === undefined || b === undefined) throw new Error('this file cannot give both logs');
    const worker = createWorker();
    // Each is a buffer of its own (decodeExportBytes), so both can be transferred.
    worker.postMessage({ kind: 'read', a, b } satisfies CompareStart, [a.buffer, b.buffer]);
    return worker;
  };
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
