import type { ServerResponse } from 'node:http';

import { createAttachmentHandler, matchAttachmentRoute, type AttachmentHandler, type AttachmentStore, type SessionLogSource } from '@toolcard/host-read-image';

import type { PendingImages, Validation } from './spool/pending-images.ts';
import { refusalReason } from './spool/store-verdicts.ts';

export interface ReplayAttachmentsOptions {
  readonly store: AttachmentStore;
  readonly sessions: SessionLogSource;
  /** Images of another agent's file waiting for the store's validation (see PendingImages). */
  readonly pending?: PendingImages;
}

/** Mounted under `/api`, as the viewer's loader asks. */
const BASE_PATH = '/api';

/**
 * The store's refusal of an image the page asked for: its bytes are not an image, or one the store
 * takes (a decompression bomb…). Not a 404, which says "not in the store" and nothing more: the body
 * is the store's reason, which the viewer shows in place of the image.
 */
const REFUSED_STATUS = 422;

/**
 * The attachment route: the host's own handler over the store, and in front of it, for an image
 * held by `pending`, its validation on the first request (shared by the requests that come
 * together). A refused image is answered 422 with the store's reason; a stored one is served by
 * the host's handler as the object the store made of it (re-encoded or not), under the id the page
 * was sent. Only ids the log references get past the handler's own check, so a refusal says
 * nothing about any other id.
 */
export function createReplayAttachmentHandler({ store, sessions, pending }: ReplayAttachmentsOptions): AttachmentHandler {
  if (pending === undefined) return createAttachmentHandler({ store, sessions, basePath: BASE_PATH });
  const serveStored = createAttachmentHandler({ store: storedUnderHeldIds(store, pending), sessions, basePath: BASE_PATH });

  async function heldValidation(url: string | undefined, method: string | undefined): Promise<Validation | undefined> {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const route = matchAttachmentRoute(url ?? '', BASE_PATH);
    if (route.kind !== 'attachment') return undefined;
    const referenced = await sessions.referencedIds?.(route.sessionId);
    if (!referenced?.has(route.attachmentId)) return undefined;
    // A failure that is not a verdict (the store could not write) is the host handler's to answer, as any read's.
    return pending?.validated(route.attachmentId).catch(() => undefined);
  }

  return async (req, res) => {
    const validation = await heldValidation(req.url, req.method);
    if (validation?.kind === 'refused') refuse(res, refusalReason(validation.error), req.method === 'HEAD');
    else await serveStored(req, res);
  };
}

/** The store as the host's handler (and an export) reads it: an id held by `pending` is read as the object its validation stored. */
export function storedUnderHeldIds(store: AttachmentStore, pending: PendingImages): AttachmentStore {
  return {
    imageLimits: store.imageLimits,
    saveImage: (input, signal) => store.saveImage(input, signal),
    onDispose: (listener) => store.onDispose(listener),
    async readImage(attachmentId, signal) {
      const validation = await pending.validated(attachmentId);
      if (validation === undefined) return store.readImage(attachmentId, signal);
      if (validation.kind === 'refused') throw validation.error;
      return store.readImage(validation.ref.attachmentId, signal);
    },
  };
}

function refuse(res: ServerResponse, reason: string, head: boolean): void {
  const body = Buffer.from(`${reason}\n`, 'utf8');
  res.writeHead(REFUSED_STATUS, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.byteLength,
    // A verdict under the store's limits of the moment, not an immutable object: never cached, as the host handler's refusals.
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
  res.end(head ? undefined : body);
}
