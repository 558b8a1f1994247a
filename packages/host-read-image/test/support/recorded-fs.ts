/**
 * node:fs/promises with every call the code under test makes recorded — the real file system
 * underneath, only observed. A test mocks the module with it:
 *
 *   const calls = vi.hoisted(() => [] as FsCall[]);
 *   vi.mock('node:fs/promises', async (importOriginal) =>
 *     (await import('../support/recorded-fs.ts')).recordedFsPromises(await importOriginal(), calls));
 *
 * (No imports here: this module is loaded while node:fs/promises is being mocked.)
 */

/** One call: `op` is the function (`open`, `mkdir`, …) or, on an opened file, `handle.<method>`. */
export interface FsCall {
  readonly op: string;
  readonly path: string;
  /** When it was made and when it settled, on one counter shared by every call. */
  readonly started: number;
  settled?: number;
}

const PATH_FUNCTIONS = ['stat', 'lstat', 'mkdir', 'mkdtemp', 'rename', 'readFile', 'writeFile', 'rm', 'readdir', 'readlink', 'realpath'] as const;
const HANDLE_METHODS = ['read', 'stat', 'sync', 'writeFile', 'close'] as const;

type AsyncFunction = (...args: never[]) => Promise<unknown>;

export function recordedFsPromises<T extends object>(actual: T, calls: FsCall[]): T {
  let clock = 0;
  const recorded = <F extends AsyncFunction>(op: string, target: unknown, run: F): F =>
    (async (...args: Parameters<F>) => {
      const call: FsCall = { op, path: pathOf(target ?? args[0]), started: ++clock };
      calls.push(call);
      try {
        return await run(...args);
      } finally {
        call.settled = ++clock;
      }
    }) as F;

  const real = actual as unknown as Record<string, AsyncFunction>;
  const wrapped: Record<string, AsyncFunction> = {};
  for (const name of PATH_FUNCTIONS) {
    const original = real[name];
    if (original !== undefined) wrapped[name] = recorded(name, undefined, original);
  }
  const realOpen = real.open as (file: unknown, ...rest: never[]) => Promise<Record<string, AsyncFunction>>;
  wrapped.open = recorded('open', undefined, async (file: unknown, ...rest: never[]) => {
    const handle = await realOpen(file, ...rest);
    for (const method of HANDLE_METHODS) {
      const original = handle[method]?.bind(handle);
      if (original !== undefined) handle[method] = recorded(`handle.${method}`, file, original);
    }
    return handle;
  });
  return { ...actual, ...wrapped, default: { ...actual, ...wrapped } };
}

/**
 * The thread-pool round trips a caller waited for, one after another, read just after the
 * caller's operation resolved. Node runs the code that a settled call lets continue before it
 * takes the next completion from the pool, so each call was made in response to the last call
 * that settled before it: that one's round trip count plus one (calls made together share it).
 * The operation itself resolved in response to the last call that settled; a call still in
 * flight then (a close nobody waited for) cannot have delayed it.
 */
export function roundTrips(calls: readonly FsCall[]): number {
  const depth = new Map<FsCall, number>();
  const lastSettledBefore = (moment: number) =>
    calls.reduce<FsCall | undefined>(
      (latest, call) => (call.settled !== undefined && call.settled < moment && (latest?.settled ?? -1) < call.settled ? call : latest),
      undefined,
    );
  for (const call of [...calls].sort((a, b) => a.started - b.started)) {
    const trigger = lastSettledBefore(call.started);
    depth.set(call, trigger === undefined ? 1 : (depth.get(trigger) ?? 0) + 1);
  }
  const last = lastSettledBefore(Infinity);
  return last === undefined ? 0 : (depth.get(last) ?? 0);
}

function pathOf(file: unknown): string {
  if (typeof file === 'string') return file;
  if (file instanceof URL) return file.pathname;
  return Buffer.isBuffer(file) ? file.toString() : '(not a path)';
}

/** How many calls of each kind, e.g. `{ open: 4, 'handle.read': 6 }`. */
export function callCounts(calls: readonly FsCall[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { op } of calls) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}
