/**
 * Story images drawn in the browser. Encoded with `toDataURL`, which runs at once: Chromium runs
 * `convertToBlob` and `toBlob` encodes at idle priority, and on a busy page a 1600×1200 PNG took
 * about 7 s to arrive, longer than a play function waits.
 */

/** A canvas of the given size and its 2D context. */
export function drawingCanvas(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('No 2D canvas context');
  return { canvas, context };
}

/** The canvas's pixels encoded as `mediaType`, as a Blob. */
export async function encodedBlob(canvas: HTMLCanvasElement, mediaType: string): Promise<Blob> {
  const response = await fetch(canvas.toDataURL(mediaType));
  return response.blob();
}
