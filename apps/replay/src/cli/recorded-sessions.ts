import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { LocalAttachmentStore } from '@toolcard/host-read-image';

import type { ReplayDefaults } from './args.ts';

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURES = path.join(REPOSITORY, 'stories/fixtures');
/** The recorded fixtures' images: one file per object and an id index (`{ [attachmentId]: { file } }`), as the stories load them. */
const RECORDED_OBJECTS = path.join(FIXTURES, 'attachments');

/** What `pnpm replay` opens with no path: the repository's recorded sessions (ours and other agents'), their store and their verdicts under `cacheDir`. */
export const recordedSessions: ReplayDefaults = (cacheDir) => ({
  paths: [path.join(FIXTURES, 'sessions'), path.join(FIXTURES, 'agents/logs')],
  storeDir: path.join(cacheDir, 'recorded-sessions', 'store'),
  reviewsDir: path.join(cacheDir, 'recorded-sessions', 'reviews'),
});

/**
 * Saves the recorded objects into the store at `storeDir` through the store's own pipeline: an id
 * is the digest of the normalised bytes and normalising is idempotent, so each object is stored
 * under the id its log references (checked: a mismatch is an error). Saving one already there is a no-op.
 */
export async function fillRecordedStore(storeDir: string): Promise<void> {
  const index = JSON.parse(await readFile(path.join(RECORDED_OBJECTS, 'index.json'), 'utf8')) as Record<string, { readonly file: string }>;
  const store = new LocalAttachmentStore({ dir: storeDir });
  try {
    for (const [attachmentId, { file }] of Object.entries(index)) {
      const ref = await store.saveImage({ data: await readFile(path.join(RECORDED_OBJECTS, file)), name: file });
      if (ref.attachmentId !== attachmentId) throw new Error(`the recorded image ${file} was stored as ${ref.attachmentId}, not ${attachmentId}`);
    }
  } finally {
    store.dispose();
  }
}
