import { useEffect, useRef, type ReactNode } from 'react';
import type { ImageDifference } from '../../model/image-diff';

/** The changed pixels (the worker's mask) and a box around each changed region, scaled with the image under them. */
export function DifferenceOverlay({ difference }: { readonly difference: ImageDifference }): ReactNode {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { compared, regions, mask, maskBox } = difference;

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    context?.drawImage(mask, maskBox.x, maskBox.y);
  }, [mask, maskBox]);

  return (
    <>
      <canvas ref={canvasRef} className="tc-comparison__layer" width={compared.width} height={compared.height} aria-hidden="true" />
      <svg className="tc-comparison__layer tc-comparison__regions" viewBox={`0 0 ${String(compared.width)} ${String(compared.height)}`} aria-hidden="true">
        {regions.map(({ x, y, width, height }) => (
          <rect key={`${String(x)},${String(y)}`} x={x} y={y} width={width} height={height} />
        ))}
      </svg>
    </>
  );
}
