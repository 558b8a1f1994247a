/**
 * Resolves once the next frame has been painted: a task queued from a requestAnimationFrame
 * callback runs after that frame's style, layout and paint.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
}

/** Milliseconds from running `action` to the next painted frame (React flushes a click's update in a microtask, before it). */
export async function timeUntilPainted(action: () => void): Promise<number> {
  const start = performance.now();
  action();
  await afterNextPaint();
  return performance.now() - start;
}
