// Child process of s3-store.test.ts: saves every file given into one S3 store, all at once, and
// prints the references as JSON.
import { readFile } from 'node:fs/promises';

import { S3AttachmentStore } from '../../../src/store/s3/s3-attachment-store.ts';

const [clientConfig, bucket, prefix, ...files] = process.argv.slice(2);
const store = new S3AttachmentStore({ bucket: bucket ?? '', prefix: prefix ?? '', client: JSON.parse(clientConfig ?? '{}') as object });
const refs = await Promise.all(files.map(async (file) => store.saveImage({ data: await readFile(file) })));
store.dispose();
process.stdout.write(JSON.stringify(refs));
