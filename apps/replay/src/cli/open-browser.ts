import { spawn } from 'node:child_process';

/**
 * Asks the desktop to open `url` with xdg-open. Never fails the replay: without xdg-open (a
 * server, a container) or without a desktop, it says so and the printed URL is the way in.
 */
export function openBrowser(url: string, warn: (message: string) => void): void {
  let child;
  try {
    child = spawn('xdg-open', [url], { stdio: 'ignore', detached: true });
  } catch (error) {
    warn(`--open: could not start xdg-open (${String(error)}); open ${url} yourself`);
    return;
  }
  child.on('error', (error: NodeJS.ErrnoException) => {
    warn(error.code === 'ENOENT' ? `--open: xdg-open is not installed; open ${url} yourself` : `--open: xdg-open failed (${error.message})`);
  });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) warn(`--open: xdg-open exited with ${code}; open ${url} yourself`);
  });
  child.unref();
}
