import { rm } from 'node:fs/promises';
import path from 'node:path';

import { LocalAttachmentStore, type AttachmentStore } from '@toolcard/host-read-image';

import { LiveSession } from './live-session.ts';
import type { FirstPass } from './log-route.ts';
import { kindOnceWritten, sniffLogKind } from './log-format.ts';
import { SessionSpool } from './spool/session-spool.ts';
import { PendingImages } from './spool/pending-images.ts';
import { makeSpoolFolder } from './spool/spool-folder.ts';

/** The log the server replays, followed by a LiveSession, and the store its images are served from. */
export interface ServedLog {
  readonly session: LiveSession;
  readonly store: AttachmentStore | undefined;
  /** For another agent's file: its images held until the page first asks for them, validated then. */
  readonly pending?: PendingImages;
  /** True for another agent's file: what is served is a copy, its inline images moved into a temporary store. */
  readonly spooled: boolean;
  /**
   * Done once what the session's tail has read includes everything the file held when the server
   * started: our own log at once (it is read whole before the server listens), another agent's once
   * the spool's first pass is copied and read; until then, how far the spool has read the file.
   */
  readonly firstPass: FirstPass;
  /** Starts following the file (once the server listens); a read or write that fails while following goes to `onError` (the next poll tries again). */
  follow(onError: (error: unknown) => void): void;
  close(): Promise<void>;
}

/**
 * Our own log is served as it is, with the store given (if any). Any other file (another agent's
 * transcript, an API array) holds its images inline: it is served through a SessionSpool (with a
 * Claude Code session's subagent files), its images held (PendingImages) for a store in a temporary
 * folder removed on close. Never into the store given: that is the durable store of the user's own
 * sessions, and another agent's screenshots (hundreds of MB) have no place there; the file itself
 * remains their record. A file with nothing in it yet is waited for (`onWaiting` is told), since
 * only its content says which it is.
 */
export async function openServedLog(logPath: string, store: AttachmentStore | undefined, onWaiting: () => void = () => undefined): Promise<ServedLog> {
  let kind = await sniffLogKind(logPath);
  if (kind === 'empty') {
    onWaiting();
    kind = await kindOnceWritten(logPath);
  }
  return kind === 'toolcard' ? openToolcardLog(logPath, store) : openSpooledLog(logPath);
}

/** The log read whole before the server listens, as it has always been; its images from the store given, which its opener owns. */
async function openToolcardLog(logPath: string, store: AttachmentStore | undefined): Promise<ServedLog> {
  const session = new LiveSession(logPath);
  await session.tail.poll();
  let stopWatching: () => void = () => undefined;
  return {
    session,
    store,
    spooled: false,
    firstPass: { done: true },
    follow(onError) {
      stopWatching = session.tail.watch({ onError });
    },
    close() {
      stopWatching();
      return Promise.resolve();
    },
  };
}

/** The copy is written while the page is open: the server listens at once, and the page follows the copy as it grows. */
async function openSpooledLog(logPath: string): Promise<ServedLog> {
  const dir = await makeSpoolFolder();
  const store = new LocalAttachmentStore({ dir: path.join(dir, 'store') });
  const pending = await PendingImages.create(store, path.join(dir, 'pending'));
  const spool = await SessionSpool.open({ sourcePath: logPath, outputPath: path.join(dir, path.basename(logPath)), store, pending });
  const session = new LiveSession(spool.outputPath, spool.writtenIds);
  await session.tail.poll();
  let stops: (() => void)[] = [];
  let caughtUp = false;
  return {
    session,
    store,
    pending,
    spooled: true,
    get firstPass(): FirstPass {
      return caughtUp ? { done: true } : { done: false, ...spool.progress };
    },
    follow(onError) {
      stops = [spool.watch({ onError }), session.tail.watch({ onError })];
      // Caught up even when the first pass failed (said through onError): the viewer shows what there is as it comes.
      void spool
        .poll()
        .catch(onError)
        .then(() => session.tail.poll())
        .catch(onError)
        .finally(() => {
          caughtUp = true;
          // A viewer waiting for new bytes learns it holds the whole first pass.
          session.tail.wake();
        });
    },
    async close() {
      for (const stop of stops) stop();
      await spool.close();
      await pending.close();
      store.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
