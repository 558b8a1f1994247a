import path from 'node:path';

/**
 * Where things live under the store directory (internal: nothing outside the store derives
 * paths from ids):
 *   objects/<hex>            an object, <hex> = the sha256 of its image bytes: one file holding
 *                            its reference facts and those bytes (object-file.ts)
 *   sources/<hex>.json       source index entry, <hex> = sha256 of an admitted source
 *   tmp/                     temp files of writes in progress, named for their writer
 *                            (temp-names.ts) so that opening sweeps dead writers' leftovers
 * Stores written before 2026-12 hold objects as directories at the same path, read and repaired
 * as they are (never rewritten: a reader of the path would see it missing in between):
 *   objects/<hex>/image      the image bytes
 *   objects/<hex>/ref.json   their reference facts
 */
export class StoreLayout {
  readonly tempRoot: string;
  readonly objectsDir: string;
  private readonly sourcesDir: string;

  constructor(dir: string) {
    const root = path.resolve(dir);
    this.tempRoot = path.join(root, 'tmp');
    this.objectsDir = path.join(root, 'objects');
    this.sourcesDir = path.join(root, 'sources');
  }

  object(digestHex: string): string {
    return path.join(this.objectsDir, digestHex);
  }

  directoryObjectImage(digestHex: string): string {
    return path.join(this.object(digestHex), 'image');
  }

  directoryObjectRef(digestHex: string): string {
    return path.join(this.object(digestHex), 'ref.json');
  }

  sourceEntry(sourceDigestHex: string): string {
    return path.join(this.sourcesDir, `${sourceDigestHex}.json`);
  }
}
