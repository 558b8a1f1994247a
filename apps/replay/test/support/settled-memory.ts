/** JavaScript memory (V8 heap and buffers) after a full gc; the process runs with `--expose-gc`. */
export function memoryAfterGc(): number {
  const { gc } = globalThis;
  if (gc === undefined) throw new Error('run with node --expose-gc');
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** What stays alive: buffers are freed on V8's background threads some time after the gc that found them dead. */
export async function settledMemory(): Promise<number> {
  let least = Infinity;
  for (let round = 0; round < 5; round += 1) {
    least = Math.min(least, memoryAfterGc());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return least;
}
