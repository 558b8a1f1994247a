import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface WatchOptions {
  /** The fallback poll, for file systems and editors fs.watch misses. */
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

/**
 * Calls `poll` on every fs.watch event for the file and every `intervalMs` (its failures go to
 * `onError`); returns the stop function.
 */
export function watchFile(filePath: string, poll: () => Promise<void>, { intervalMs = 250, onError = () => undefined }: WatchOptions = {}): () => void {
  const onChange = () => {
    poll().catch(onError);
  };
  const name = path.basename(filePath);
  let watcher: FSWatcher | undefined;
  try {
    // The directory, not the file: a watch on the file is lost when the file is replaced.
    watcher = watch(path.dirname(filePath), { persistent: false }, (_event, changed) => {
      if (changed === null || changed === name) onChange();
    });
    watcher.on('error', onError);
  } catch (error) {
    onError(error);
  }
  const timer = setInterval(onChange, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    watcher?.close();
  };
}
