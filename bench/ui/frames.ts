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

export interface LongTaskRecorder {
  /** Stops recording; returns the longest task's ms, or 0 when none took 50 ms or more. */
  readonly stop: () => number;
}

/**
 * Records main-thread tasks of 50 ms or more (the Long Tasks API's threshold) from now on: the
 * longest is the longest the page could not respond to input.
 */
export function recordLongTasks(): LongTaskRecorder {
  let longest = 0;
  const take = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) longest = Math.max(longest, entry.duration);
  };
  const observer = new PerformanceObserver((list) => {
    take(list.getEntries());
  });
  observer.observe({ type: 'longtask' });
  return {
    stop: () => {
      take(observer.takeRecords());
      observer.disconnect();
      return longest;
    },
  };
}
