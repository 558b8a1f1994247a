import path from 'node:path';

import type { ImageMediaType } from '../seams/attachment-store.ts';

export type ExtensionDeclaration =
  { readonly kind: 'declared'; readonly mediaType: ImageMediaType } | { readonly kind: 'none' } | { readonly kind: 'unsupported'; readonly extension: string };

const DECLARED_TYPES: Readonly<Record<string, ImageMediaType>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

export const SUPPORTED_EXTENSIONS = Object.keys(DECLARED_TYPES);

/**
 * The extension only declares a type; the store stays authoritative. No extension
 * (including a dotfile such as `.hidden`) declares nothing and is identified from the
 * bytes; a trailing dot (`foo.`) is the extension ".", which declares no image type.
 */
export function declaredImageType(filePath: string): ExtensionDeclaration {
  const base = path.basename(filePath);
  const extension = path.extname(base);
  if (extension === '') return { kind: 'none' };
  const mediaType = DECLARED_TYPES[extension.toLowerCase()];
  return mediaType ? { kind: 'declared', mediaType } : { kind: 'unsupported', extension };
}
