import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'vite';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Inside the package, so the bundle's bare imports (sharp, the AWS SDK) resolve from its node_modules. */
const BUNDLE_DIR = path.join(PACKAGE_DIR, 'node_modules', '.cache', 'toolcard-test-children');

/**
 * Bundles a TypeScript child script (and the store sources it imports) into one plain ES module,
 * so each child starts as fast as `node` with sharp (~0.2 s of CPU) rather than through tsx
 * (~0.7 s): the crash test starts hundreds of them. Packages stay external.
 */
export async function bundleChildScript(entry: string): Promise<string> {
  await mkdir(BUNDLE_DIR, { recursive: true });
  const name = path.basename(entry).replace(/\.ts$/, '');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: PACKAGE_DIR,
    build: {
      ssr: entry,
      outDir: BUNDLE_DIR,
      emptyOutDir: false,
      minify: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: `${name}.mjs` } },
    },
  });
  return path.join(BUNDLE_DIR, `${name}.mjs`);
}

export function startChild(script: string, args: readonly string[]): ChildProcess {
  return spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Runs a child to completion; its stdout, or a rejection with its stderr. */
export function runChild(script: string, args: readonly string[]): Promise<string> {
  const child = startChild(script, args);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(script)} exited with ${signal ?? code}: ${stderr}`));
    });
  });
}
