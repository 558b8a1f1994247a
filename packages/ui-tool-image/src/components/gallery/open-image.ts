import { createContext } from 'react';

/** An image open in the lightbox: the call whose result holds it, and its place among that call's images (from 0). */
export interface OpenImage {
  readonly callId: string;
  readonly index: number;
}

/** Which image of a replay is open in the lightbox, kept above the rows: it can be opened by the embedder, and survives a row's unmount. */
export interface OpenImageState {
  readonly open: OpenImage | null;
  readonly setOpen: (image: OpenImage | null) => void;
}

/** Provided by a replay; a gallery outside one, or outside any call's row, keeps its lightbox to itself. */
export const OpenImageContext = createContext<OpenImageState | null>(null);
