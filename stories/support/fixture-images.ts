import type { AttachmentRef } from '@toolcard/ui-tool-image';
import redPngUrl from '../fixtures/reference-logs/read-image/red.png?url';

/** The 1×1 PNG the real host recorded in reference-logs/read-image. */
const RED_PNG = {
  attachmentId: 'sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640',
  mediaType: 'image/png',
  bytes: 69,
  width: 1,
  height: 1,
  name: 'red.png',
} as const satisfies AttachmentRef;

/**
 * Which fixture file holds which attachment. Ids are opaque (DESIGN §2): nothing derives a path
 * from one, this table is the only link between the two. `?url` imports resolve in the dev
 * server, the static build and the Vitest browser project alike.
 */
const FIXTURE_IMAGE_URLS: ReadonlyMap<string, string> = new Map([[RED_PNG.attachmentId, redPngUrl]]);

/** The URL of the fixture file holding an attachment, or `undefined` when no fixture holds it. */
export function fixtureImageUrl(attachmentId: string): string | undefined {
  return FIXTURE_IMAGE_URLS.get(attachmentId);
}
