import { LocalAttachmentStore, S3AttachmentStore, type AttachmentStore } from '@toolcard/host-read-image';

import { s3ClientConfig } from '../s3/s3-client.ts';
import type { S3Location } from '../s3/s3-location.ts';

/** Where our own logs' images are kept: the folder of a `LocalAttachmentStore`, or the bucket and prefix of an `S3AttachmentStore`. */
export type StoreLocation = { readonly dir: string } | S3Location;

/** A store opened for the server's lifetime (every session it serves reads from it); `close` ends it. */
export interface OpenedStore {
  readonly store: AttachmentStore;
  close(): void;
}

/** The store at `location`; an S3 one gets a client of its own from the AWS SDK's usual environment, closed with it. */
export function openStore(location: StoreLocation): OpenedStore {
  const store =
    'dir' in location
      ? new LocalAttachmentStore({ dir: location.dir })
      : new S3AttachmentStore({ bucket: location.bucket, prefix: location.prefix, client: s3ClientConfig() });
  return {
    store,
    close: () => {
      store.dispose();
    },
  };
}
