/** One sample of each way of comparing the two screenshots, in ms, with what each found. */
export interface ImageDiffSample {
  /** The comparison view's worker path: Blob in, difference out (worker start, decode, scale, pixelmatch, regions, mask). */
  readonly workerMs: number;
  readonly workerChanged: number;
  /** The floor: pixelmatch alone (includeAA false) on the same pixels, decoded once beforehand on the page. */
  readonly pixelmatchMs: number;
  readonly pixelmatchChanged: number;
}

export interface PageThreadRun {
  /** The path without a worker: the same steps on the page's thread, in bands. */
  readonly ms: number;
  readonly changed: number;
  /** The longest task the Long Tasks API saw meanwhile (0 when none reached 50 ms). */
  readonly longestTaskMs: number;
}

export interface ImageDiffBenchPage {
  /** Fetches the two PNGs the driver serves and decodes them once for the floor. */
  prepare(): Promise<{ readonly width: number; readonly height: number }>;
  sample(): Promise<ImageDiffSample>;
  pageThread(): Promise<PageThreadRun>;
}

declare global {
  interface Window {
    imageDiffBench?: ImageDiffBenchPage;
  }
}
