// `pnpm bench:image-diff`'s breakdown: the diff worker's steps (computeImageDifference's) run one by one
// with a clock between them, in a worker of their own, so the driver can say where the time goes.
import { diffPixels, maskBitmap, readImagePair } from '../../packages/ui-tool-image/src/model/image-diff';
import { decodeImage } from '../../packages/ui-tool-image/src/model/image-diff/decoded-image';
import type { DiffPhases } from './image-diff-api';

interface PhasesScope {
  postMessage: (message: DiffPhases | 'ready') => void;
  onmessage: ((event: MessageEvent<{ readonly before: Blob; readonly after: Blob }>) => void) | null;
}

const scope = self as unknown as PhasesScope;
const WHOLE = { bandPixels: Number.POSITIVE_INFINITY };

scope.onmessage = ({ data }) => {
  void (async () => {
    let last = performance.now();
    const lap = () => {
      const now = performance.now();
      const ms = now - last;
      last = now;
      return ms;
    };
    const decoded = await Promise.all([decodeImage(data.before), decodeImage(data.after)]);
    const decodeMs = lap();
    await Promise.all(decoded.map((image) => image.pixels(image.size, Number.POSITIVE_INFINITY, WHOLE)));
    const readMs = lap();
    for (const image of decoded) image.close();
    lap();
    const { compared, pixels } = await readImagePair(data.before, data.after, WHOLE);
    const decodeAndReadMs = lap();
    const steps = diffPixels(pixels[0], pixels[1], compared.width, compared.height, Number.POSITIVE_INFINITY);
    let next = steps.next();
    while (next.done !== true) next = steps.next();
    const diffMs = lap();
    const regions = next.value.grid.regions();
    const regionsMs = lap();
    const { mask } = await maskBitmap(next.value.mask, compared, regions);
    const maskMs = lap();
    mask.close();
    scope.postMessage({ decodeMs, readMs, decodeAndReadMs, diffMs, regionsMs, maskMs });
  })();
};
scope.postMessage('ready');
