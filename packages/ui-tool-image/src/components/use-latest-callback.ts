import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function that keeps its identity across renders and always calls the latest render's
 * `callback`: for effects that must act on current props without re-running when they change.
 * React 19.2's `useEffectEvent` does this, but the package also supports React 18.3. The update
 * runs in an insertion effect, before any layout or passive effect can call it, and without the
 * warning React 18 gives a layout effect in a server render.
 */
export function useLatestCallback<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(callback);
  useInsertionEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
