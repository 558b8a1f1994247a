import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import chromiumLaunch from '../../scripts/chromium.json' with { type: 'json' };
import { workspaceSources } from '../../scripts/workspace-sources';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(BENCH_DIR, '../..');

/**
 * Serves the harness with production React: a development build does extra checking work in
 * every render, which would be measured too. No watcher and no HMR, so edits made elsewhere in
 * the repo while the bench runs cannot reload the page mid-measurement. Cross-origin isolated (the
 * page loads only its own origin), so `performance.now()` ticks in microseconds, not the 0.1 ms
 * it is coarsened to otherwise: a search over 300 calls takes less than one such tick.
 */
export async function startBenchServer(): Promise<{ server: ViteDevServer; url: string }> {
  process.env.NODE_ENV = 'production';
  const server = await createServer({
    configFile: false,
    root: BENCH_DIR,
    mode: 'production',
    plugins: [react(), workspaceSources()],
    cacheDir: path.join(REPO_ROOT, 'node_modules/.vite/bench-ui'),
    logLevel: 'warn',
    clearScreen: false,
    server: {
      host: '127.0.0.1',
      port: 0,
      hmr: false,
      watch: null,
      fs: { allow: [REPO_ROOT] },
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('The bench server did not report its URL.');
  return { server, url };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumLaunch.executablePath, headless: true, args: chromiumLaunch.args });
}
