import sharp, { type Metadata } from 'sharp';

import { AttachmentError, type ImageDimensions, type ImageMediaType } from '../seams/attachment-store.ts';
import { headerFromBytes } from './byte-header.ts';
import type { SourceFacts } from './source-admission.ts';

/** What the header says, read without decoding any pixels. */
export interface ImageHeader extends SourceFacts {
  /** Size as displayed: the sides swap for EXIF orientations 5–8. */
  readonly oriented: ImageDimensions;
  /** One frame, 8 bits per channel, sRGB or grey, and no EXIF/ICC/XMP/IPTC/text/gain-map metadata. */
  readonly isPlain: boolean;
}

/**
 * Reads the header of bytes already sniffed as `mediaType` (from the bytes when byte-header.ts
 * can, else with sharp); fails with INVALID_IMAGE when it does not parse or parses as another format.
 */
export async function readImageHeader(data: Uint8Array, mediaType: ImageMediaType): Promise<ImageHeader> {
  return headerFromBytes(data, mediaType) ?? (await headerFromSharp(data, mediaType));
}

/** The header as sharp reads it, for every file byte-header.ts leaves to it (and for the tests that compare the two). */
export async function headerFromSharp(data: Uint8Array, mediaType: ImageMediaType): Promise<ImageHeader> {
  const metadata = await readMetadata(data);
  if (metadata.mediaType !== mediaType) {
    throw new AttachmentError('INVALID_IMAGE', `The image header does not parse as ${mediaType}.`);
  }
  return {
    mediaType,
    width: metadata.width,
    height: metadata.height,
    oriented: { width: metadata.autoOrient.width, height: metadata.autoOrient.height },
    isPlain: isPlain(metadata),
  };
}

async function readMetadata(data: Uint8Array): Promise<Metadata> {
  try {
    // Reading the header decodes no pixels; the size limits are ours to apply, with our codes.
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new AttachmentError('INVALID_IMAGE', 'The image header could not be read; the file is corrupt.', {}, { cause });
  }
}

function isPlain(metadata: Metadata): boolean {
  return (metadata.pages ?? 1) === 1 && metadata.depth === 'uchar' && (metadata.space === 'srgb' || metadata.space === 'b-w') && !carriesMetadata(metadata);
}

function carriesMetadata(metadata: Metadata): boolean {
  return (
    metadata.hasProfile ||
    (metadata.orientation ?? 1) !== 1 ||
    [metadata.exif, metadata.icc, metadata.xmp, metadata.iptc, metadata.gainMap].some((part) => part !== undefined) ||
    (metadata.comments?.length ?? 0) > 0
  );
}
