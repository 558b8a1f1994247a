import { afterAll, beforeAll } from 'vitest';

import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { S3AttachmentStore } from '../../src/store/s3/s3-attachment-store.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { describeStoreContract } from './store-contract.ts';

const tempDir = useTempDirs();
let s3: S3TestServer;
const s3Stores: S3AttachmentStore[] = [];
let prefixes = 0;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  for (const store of s3Stores) store.dispose();
  await s3.stop();
});

describeStoreContract(
  'local store',
  async () => {
    const dir = await tempDir();
    return { store: new LocalAttachmentStore({ dir }), reopen: () => new LocalAttachmentStore({ dir }) };
  },
  tempDir,
);

describeStoreContract(
  'S3 store',
  () => {
    const prefix = `contract-${++prefixes}`;
    const open = () => {
      const store = new S3AttachmentStore({ bucket: s3.bucket, prefix, client: s3.clientConfig() });
      s3Stores.push(store);
      return store;
    };
    return Promise.resolve({ store: open(), reopen: open });
  },
  tempDir,
);
