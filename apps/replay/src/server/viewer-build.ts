import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The app's own folder (apps/replay). */
export const APP_DIR = path.resolve(import.meta.dirname, '../..');
export const VIEWER_SOURCE_DIR = path.join(APP_DIR, 'viewer');
export const VIEWER_BUILD_DIR = path.join(APP_DIR, 'dist/viewer');
/** The digest of the inputs a build was made from, kept beside it: bookkeeping, never served. */
export const STAMP_FILE = 'build-inputs.sha256';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', '.turbo']);
/**
 * The app's folders whose files the viewer's build can hold: its own, the wire formats it shares with
 * the server, and the server's sources it imports from (the review lines). All of `src/`, a superset,
 * so a new import from it needs no change here; a change to the server alone rebuilds the viewer once.
 */
export const VIEWER_INPUT_DIRS = [VIEWER_SOURCE_DIR, path.join(APP_DIR, 'wire'), path.join(APP_DIR, 'src')] as const;

/**
 * Builds the viewer when its build is missing or older than its inputs; returns the build folder.
 * "Older" is decided by content, not mtimes (a fresh clone has no meaningful mtimes): a digest of
 * the viewer's sources (VIEWER_INPUT_DIRS) and of the UI package it bundles, kept beside the build.
 */
export async function ensureViewerBuilt(log: (message: string) => void = () => undefined): Promise<string> {
  const digest = await viewerInputsDigest();
  const built = await readFile(path.join(VIEWER_BUILD_DIR, STAMP_FILE), 'utf8').catch(() => undefined);
  if (built === digest) return VIEWER_BUILD_DIR;
  log(built === undefined ? 'building the viewer (first run)…' : 'rebuilding the viewer (its sources changed)…');
  await buildViewer(digest);
  return VIEWER_BUILD_DIR;
}

/** A production build into a temporary folder, swapped in whole: a server never sees half a build. */
export async function buildViewer(digest?: string): Promise<void> {
  const [{ build }, { default: react }, { workspaceSources }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
    import('../../../../scripts/workspace-sources.ts'),
  ]);
  const staging = `${VIEWER_BUILD_DIR}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  // Vite and the React plugin take production-ness from NODE_ENV when it is set: in a process whose
  // NODE_ENV says otherwise (Vitest's is `test`) the build would ship React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root: VIEWER_SOURCE_DIR,
      base: '/',
      mode: 'production',
      logLevel: 'warn',
      // The UI package from its sources, like every other workspace build (scripts/workspace-sources.ts).
      plugins: [workspaceSources(), react()],
      // The log worker (viewer/follow-worker.ts) imports the UI package too: from its sources as well.
      worker: { plugins: () => [workspaceSources()] },
      // One entry script by design (an export inlines it whole; it loads from this machine): Vite's
      // warning about chunks over 500 kB would only alarm whoever runs `pnpm replay` after an update.
      build: { outDir: staging, emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2048 },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(path.join(staging, STAMP_FILE), digest ?? (await viewerInputsDigest()));
  await rm(VIEWER_BUILD_DIR, { recursive: true, force: true });
  await rename(staging, VIEWER_BUILD_DIR);
}

async function viewerInputsDigest(): Promise<string> {
  // Its package.json, not its entry: the entry is `dist/` unless the source condition is on.
  const uiPackageDir = path.dirname(createRequire(path.join(APP_DIR, 'package.json')).resolve('@toolcard/ui-tool-image/package.json'));
  const hash = createHash('sha256');
  for (const dir of [...VIEWER_INPUT_DIRS, uiPackageDir]) {
    for (const file of await filesUnder(dir)) {
      hash.update(`${path.relative(APP_DIR, file)}\0`);
      hash.update(await readFile(file));
    }
  }
  hash.update(await readFile(path.join(APP_DIR, 'package.json')));
  hash.update(await readFile(import.meta.filename));
  hash.update(await readFile(path.resolve(APP_DIR, '../../scripts/workspace-sources.ts')));
  return hash.digest('hex');
}

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...(await filesUnder(full)));
    } else if (entry.isFile()) {
      files.push(full);
    }
  }
  return files.sort();
}
