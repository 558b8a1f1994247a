import type { FormatReader } from './format-reader';

/** A line format: recognised from one parsed line, read line by line. */
export interface LineFormat {
  readonly looksLike: (line: unknown) => boolean;
  readonly reader: () => FormatReader;
}

/** A document format: one JSON value (an array of items, or an object holding one), read as a whole. */
export interface DocumentFormat {
  /** The items to feed one by one, or `null` when the document is not of this format. */
  readonly itemsOf: (document: unknown) => readonly unknown[] | null;
  readonly reader: () => FormatReader;
}

/** Other agents' line formats, tried in order on each of a file's first lines (our own format is recognised first). */
export const LINE_FORMATS: readonly LineFormat[] = [];

/** Document formats, tried in order. */
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = [];
