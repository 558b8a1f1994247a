import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';

import { StoreLayout } from '../../src/store/local/store-layout.ts';

/** A stored object file split at its record's newline (object-file.ts), as raw bytes. */
export interface RawObjectFile {
  readonly record: Buffer;
  readonly image: Buffer;
}

export async function readObjectFile(storeDir: string, hex: string): Promise<RawObjectFile> {
  const content = await readFile(new StoreLayout(storeDir).object(hex));
  const end = content.indexOf(0x0a);
  if (end < 0) throw new Error(`objects/${hex} holds no record`);
  return { record: content.subarray(0, end), image: content.subarray(end + 1) };
}

export async function writeObjectFile(storeDir: string, hex: string, { record, image }: RawObjectFile): Promise<void> {
  await writeFile(new StoreLayout(storeDir).object(hex), Buffer.concat([record, Buffer.from('\n'), image]));
}

/** The image bytes a stored object holds. */
export async function storedImageBytes(storeDir: string, hex: string): Promise<Buffer> {
  return (await readObjectFile(storeDir, hex)).image;
}

export interface DirectoryObject {
  readonly dir: string;
  readonly image: string;
  readonly ref: string;
}

/**
 * Turns a stored object into what stores written before 2026-12 held: a directory with `image`
 * and `ref.json` (the compact JSON of the reference facts), byte for byte what that version wrote.
 */
export async function toDirectoryObject(storeDir: string, hex: string): Promise<DirectoryObject> {
  const layout = new StoreLayout(storeDir);
  const { record, image } = await readObjectFile(storeDir, hex);
  const object = { dir: layout.object(hex), image: layout.directoryObjectImage(hex), ref: layout.directoryObjectRef(hex) };
  await rm(object.dir);
  await mkdir(object.dir);
  await writeFile(object.image, image);
  await writeFile(object.ref, record);
  return object;
}
