import path from 'node:path';

export const OBJECT_IMAGE_FILE = 'image';
export const OBJECT_REF_FILE = 'ref.json';

/**
 * Where things live under the store directory (internal: nothing outside the store derives
 * paths from ids):
 *   objects/<hex>/image      the stored bytes, <hex> = their sha256
 *   objects/<hex>/ref.json   the reference facts for those bytes
 *   sources/<hex>.json       source index entry, <hex> = sha256 of an admitted source
 *   tmp/                     temp files and dirs of writes in progress, named for their
 *                            writer (temp-names.ts) so that opening sweeps dead writers' leftovers
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

  objectDir(digestHex: string): string {
    return path.join(this.objectsDir, digestHex);
  }

  objectImage(digestHex: string): string {
    return path.join(this.objectDir(digestHex), OBJECT_IMAGE_FILE);
  }

  objectRef(digestHex: string): string {
    return path.join(this.objectDir(digestHex), OBJECT_REF_FILE);
  }

  sourceEntry(sourceDigestHex: string): string {
    return path.join(this.sourcesDir, `${sourceDigestHex}.json`);
  }
}
