import { chmod, mkdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { sha256Hex } from '../../../src/store/attachment-id.ts';
import { LocalAttachmentStore } from '../../../src/store/local/local-attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { readObjectFile, toDirectoryObject, writeObjectFile, type DirectoryObject, type RawObjectFile } from '../../support/local-store-objects.ts';
import { hexOf } from '../../support/store-test-support.ts';
import { solid } from '../../support/test-images.ts';
import { optionRefused, type BadInputCase, type CaseContext, type Outcome } from '../bad-input-case.ts';

/** The local store's own refusals and the faults it finds on disk, through its public API. */

/** Saves a real image, damages its object file on disk with `damage`, then reads it back. */
function damagedObjectCase(name: string, says: RegExp, damage: (object: ObjectOnDisk) => Promise<void>, code = 'ATTACHMENT_CORRUPT'): BadInputCase {
  return {
    group: 'Local store',
    name,
    code,
    says,
    run: async (c) => {
      const store = c.store();
      const ref = await store.saveImage({ data: await solid(8, 8, 'png', '#336699'), name: 'a.png' });
      await damage(objectOnDisk(c.storeDir, hexOf(ref.attachmentId)));
      return c.storeFailure(store.readImage(ref.attachmentId));
    },
  };
}

/** The same for an object as stores written before 2026-12 kept it: a directory of two files. */
function damagedDirectoryObjectCase(name: string, says: RegExp, damage: (object: DirectoryObject) => Promise<void>, code = 'ATTACHMENT_CORRUPT'): BadInputCase {
  return damagedObjectCase(
    `${name} (an older store's object directory)`,
    says,
    async ({ storeDir, hex }) => damage(await toDirectoryObject(storeDir, hex)),
    code,
  );
}

/**
 * Puts `obstacle` where the object of an image's bytes lives (after saving it once, and turning
 * it into an older store's object directory, when `savedFirst`), then saves those bytes (again)
 * with a fresh store. Only obstacles a save cannot repair are cases here: a damaged object is
 * replaced by the save, which is no error.
 */
function blockedSaveCase(name: string, savedFirst: boolean, obstacle: (object: DirectoryObject) => Promise<void>): BadInputCase {
  return {
    group: 'Local store',
    name,
    code: 'ATTACHMENT_WRITE_FAILED',
    says: /^Attachment sha256:<hex> could not be written to the attachment store \(E[A-Z]+: /,
    run: async (c) => {
      const data = await solid(8, 8, 'png', '#336699');
      const hex = sha256Hex(data);
      if (savedFirst) {
        await c.store().saveImage({ data });
        await obstacle(await toDirectoryObject(c.storeDir, hex));
      } else {
        const layout = new StoreLayout(c.storeDir);
        await obstacle({ dir: layout.object(hex), image: layout.directoryObjectImage(hex), ref: layout.directoryObjectRef(hex) });
      }
      return c.storeFailure(c.store().saveImage({ data }));
    },
  };
}

interface ObjectOnDisk {
  readonly storeDir: string;
  readonly hex: string;
  /** The object's file. */
  readonly file: string;
  /** Rewrites the file from its record and image bytes. */
  rewrite(change: (object: RawObjectFile) => RawObjectFile): Promise<void>;
}

function objectOnDisk(storeDir: string, hex: string): ObjectOnDisk {
  return {
    storeDir,
    hex,
    file: new StoreLayout(storeDir).object(hex),
    rewrite: async (change) => writeObjectFile(storeDir, hex, change(await readObjectFile(storeDir, hex))),
  };
}

function flipMiddleBit(bytes: Buffer): Buffer {
  const flipped = Buffer.from(bytes);
  flipped[flipped.length >> 1] = (flipped[flipped.length >> 1] ?? 0) ^ 0x01;
  return flipped;
}

const NOT_DIGEST = /its bytes no longer match its digest/;
const DAMAGED_RECORD = /its reference record is damaged|could not be read/;

function readFailure(c: CaseContext, attachmentId: string): Promise<Outcome> {
  return c.storeFailure(c.store().readImage(attachmentId));
}

export const LOCAL_STORE_CASES: readonly BadInputCase[] = [
  {
    group: 'Local store',
    name: 'read an id that was never stored',
    code: 'ATTACHMENT_NOT_FOUND',
    says: /^No attachment sha256:<hex> in the store\.$/,
    run: (c) => readFailure(c, `sha256:${'0'.repeat(64)}`),
  },
  {
    group: 'Local store',
    name: "read another store's id (`other-store:42`)",
    code: 'INVALID_ATTACHMENT_REF',
    says: /Not an attachment id of this store/,
    run: (c) => readFailure(c, 'other-store:42'),
  },
  {
    group: 'Local store',
    name: 'read a path posing as an id (`sha256:../../etc/passwd`)',
    code: 'INVALID_ATTACHMENT_REF',
    says: /expected "sha256:" followed by 64 lowercase hex digits/,
    run: (c) => readFailure(c, 'sha256:../../etc/passwd'),
  },
  {
    group: 'Local store',
    name: 'read an id in uppercase hex',
    code: 'INVALID_ATTACHMENT_REF',
    says: /64 lowercase hex digits/,
    run: (c) => readFailure(c, `sha256:${'AB'.repeat(32)}`),
  },
  damagedObjectCase('object image bytes replaced on disk', NOT_DIGEST, (object) =>
    object.rewrite(({ record }) => ({ record, image: Buffer.from('not the image any more') })),
  ),
  damagedObjectCase('object truncated on disk (in its image bytes)', NOT_DIGEST, async (object) => truncate(object.file, (await stat(object.file)).size - 10)),
  damagedObjectCase('object truncated on disk (in its reference record)', DAMAGED_RECORD, (object) => truncate(object.file, 10)),
  damagedObjectCase('one bit of the object image flipped on disk', NOT_DIGEST, (object) =>
    object.rewrite(({ record, image }) => ({ record, image: flipMiddleBit(image) })),
  ),
  damagedObjectCase('object file emptied', DAMAGED_RECORD, (object) => writeFile(object.file, '')),
  damagedObjectCase('reference record not JSON', DAMAGED_RECORD, (object) =>
    object.rewrite(({ image }) => ({ record: Buffer.from('{"attachmentId":'), image })),
  ),
  damagedObjectCase('reference record of another object', DAMAGED_RECORD, (object) =>
    object.rewrite(({ record, image }) => {
      const facts = JSON.parse(record.toString('utf8')) as Record<string, unknown>;
      return { record: Buffer.from(JSON.stringify({ ...facts, attachmentId: `sha256:${'1'.repeat(64)}` })), image };
    }),
  ),
  damagedDirectoryObjectCase('object bytes replaced on disk', NOT_DIGEST, (files) => writeFile(files.image, 'not the image any more')),
  damagedDirectoryObjectCase('object truncated on disk', NOT_DIGEST, (files) => truncate(files.image, 10)),
  damagedDirectoryObjectCase('one bit of the object flipped on disk', NOT_DIGEST, async (files) =>
    writeFile(files.image, flipMiddleBit(await readFile(files.image))),
  ),
  damagedDirectoryObjectCase(
    'object image removed, its directory left',
    /^No attachment sha256:<hex> in the store\.$/,
    (files) => rm(files.image),
    'ATTACHMENT_NOT_FOUND',
  ),
  damagedDirectoryObjectCase('object image replaced by a directory', /a directory is where its files belong/, async (files) => {
    await rm(files.image);
    await mkdir(files.image);
  }),
  damagedDirectoryObjectCase('reference record not JSON', DAMAGED_RECORD, (files) => writeFile(files.ref, '{"attachmentId":')),
  damagedDirectoryObjectCase('reference record missing', DAMAGED_RECORD, (files) => rm(files.ref)),
  damagedDirectoryObjectCase('reference record of another object', DAMAGED_RECORD, async (files) => {
    const record = JSON.parse(await readFile(files.ref, 'utf8')) as Record<string, unknown>;
    await writeFile(files.ref, JSON.stringify({ ...record, attachmentId: `sha256:${'1'.repeat(64)}` }));
  }),
  blockedSaveCase('save bytes whose object path is a directory with files in it', false, async (files) => {
    await mkdir(files.image, { recursive: true });
    await writeFile(path.join(files.image, 'stray'), 'x');
  }),
  blockedSaveCase("save bytes again after their older store's object image was replaced by a directory", true, async (files) => {
    await rm(files.image);
    await mkdir(files.image);
  }),
  blockedSaveCase("save bytes again after their older store's reference record was replaced by a directory", true, async (files) => {
    await rm(files.ref);
    await mkdir(files.ref);
  }),
  blockedSaveCase('save bytes when the objects directory is a regular file', false, async (files) => {
    await writeFile(path.dirname(files.dir), 'x');
  }),
  {
    group: 'Local store',
    name: 'the store directory is a regular file (save through the tool)',
    code: 'ATTACHMENT_WRITE_FAILED',
    says: /could not be written to the attachment store/,
    run: async (c) => {
      await c.write('red.png', await solid(2, 2, 'png'));
      return c.readImage('red.png', { storeDir: await c.write('not-a-dir', 'x', c.outside) });
    },
  },
  {
    group: 'Local store',
    name: 'a store directory without write permission (save through the tool, unprivileged user)',
    code: 'ATTACHMENT_WRITE_FAILED',
    says: /could not be written to the attachment store \(EACCES/,
    run: async (c) => {
      await c.write('red.png', await solid(2, 2, 'png'));
      await chmod(c.storeDir, 0o555);
      return c.readImageWithoutPrivileges('red.png');
    },
  },
  {
    group: 'Local store',
    name: 'a save into a disposed store (through the tool)',
    code: 'ATTACHMENT_STORE_DISPOSED',
    says: /"red\.png".*The attachment store has been disposed/,
    run: async (c) => {
      await c.write('red.png', await solid(2, 2, 'png'));
      return c.readImage('red.png', { disposedStore: true });
    },
  },
  {
    group: 'Local store',
    name: 'an empty store directory (`dir: ""`), which would store in the working directory',
    code: 'INVALID_OPTION',
    says: /^LocalAttachmentStore: option dir must be a non-empty path, got ""\.$/,
    run: (c) => optionRefused(() => c.store({}, '')),
  },
  {
    group: 'Local store',
    name: 'a decode concurrency that is not a positive integer (`decodeConcurrency: 0`)',
    code: 'INVALID_OPTION',
    says: /^LocalAttachmentStore: option decodeConcurrency must be a positive integer, got 0\.$/,
    run: (c) => optionRefused(() => new LocalAttachmentStore({ dir: c.storeDir, decodeConcurrency: 0 })),
  },
  {
    group: 'Local store',
    name: 'a save whose signal is already aborted',
    code: 'ATTACHMENT_ABORTED',
    says: /cancelled/,
    run: async (c) => c.storeFailure(c.store().saveImage({ data: await solid(2, 2, 'png') }, AbortSignal.abort())),
  },
];
