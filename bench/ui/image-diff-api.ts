/** One sample of each way of comparing the two screenshots, in ms, with what each found. */
export interface ImageDiffSample {
  /** The comparison view's worker path: Blob in, difference out (decode, scale, pixelmatch, regions, mask), its worker started beforehand, as the view's is while its images load. */
  readonly workerMs: number;
  /** The same with a worker started then (a view opened on images already loaded): the worker's start and warm-up in the path. */
  readonly coldWorkerMs: number;
  readonly workerChanged: number;
  readonly coldWorkerChanged: number;
  /** The floor: pixelmatch alone (includeAA false) on the same pixels, decoded once beforehand on the page. */
  readonly pixelmatchMs: number;
  readonly pixelmatchChanged: number;
  /** The comparison's own steps after decoding, on the page, on the same pixels: diffPixels, regions, the mask bitmap. */
  readonly diffStageMs: number;
  readonly diffStageChanged: number;
}

/** Where the worker's time goes: its steps one by one, in ms (image-diff-phases-worker.ts). */
export interface DiffPhases {
  /** Both images decoded at once (WebCodecs where it can), their pixels not yet read out: the browser's own decoding. */
  readonly decodeMs: number;
  /** Then both decoded images' RGBA pixels copied out, at once. */
  readonly readMs: number;
  /** Both images decoded and their RGBA pixels read out at the compared size, as the worker does it (readImagePair: each copied out as soon as it is decoded). */
  readonly decodeAndReadMs: number;
  /** diffPixels: the rows where the images differ found, pixelmatch on those (with their context rows), their cells marked in the grid. */
  readonly diffMs: number;
  /** The grid's clusters outlined. */
  readonly regionsMs: number;
  /** The mask made an ImageBitmap to transfer, cut to the box around the regions. */
  readonly maskMs: number;
}

/** One breakdown sample: the phases, the worker's start (new Worker to its first message), and the whole round trip. */
export interface PhasesSample extends DiffPhases {
  readonly startMs: number;
  /** Blobs posted to phases received: the steps plus the messages both ways. */
  readonly roundTripMs: number;
}

export interface PageThreadRun {
  /** The path without a worker: the same steps on the page's thread, in bands. */
  readonly ms: number;
  readonly changed: number;
  /** The longest task the Long Tasks API saw meanwhile (0 when none reached 50 ms). */
  readonly longestTaskMs: number;
}

export interface ImageDiffBenchPage {
  /** Fetches the two PNGs the driver serves and decodes them once for the floor (bitmap, canvas, getImageData). */
  /** `samePixels`: the comparison's decoding gives the floor's pixels byte for byte. */
  prepare(): Promise<{ readonly width: number; readonly height: number; readonly samePixels: boolean }>;
  sample(): Promise<ImageDiffSample>;
  pageThread(): Promise<PageThreadRun>;
  phases(): Promise<PhasesSample>;
}

declare global {
  interface Window {
    imageDiffBench?: ImageDiffBenchPage;
  }
}
