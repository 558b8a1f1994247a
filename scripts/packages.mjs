// Shared by scripts/check-packages.mjs and scripts/consumer-proofs.mjs: pack the two workspace
// packages exactly as they would be published (`pnpm pack` applies `publishConfig`), and small
// helpers to run commands and fail loudly.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const PACKAGES = [
  { name: '@toolcard/ui-tool-image', dir: path.join(REPO_ROOT, 'packages/ui-tool-image') },
  { name: '@toolcard/host-read-image', dir: path.join(REPO_ROOT, 'packages/host-read-image') },
];

/** The pinned versions consumers install beside the tarballs (the repo's own pins, in MANIFEST's devDependencies). */
export function pinnedVersion(name, manifest = 'package.json') {
  const root = JSON.parse(readFileSync(path.join(REPO_ROOT, manifest), 'utf8'));
  const version = root.devDependencies?.[name];
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`${name} has no exact pin in ${manifest} devDependencies (found ${String(version)})`);
  }
  return version;
}

export class ProofError extends Error {}

/** Throws a ProofError naming what broke; the callers print it and exit non-zero. */
export function assert(condition, message) {
  if (!condition) throw new ProofError(message);
}

/**
 * Runs a command, streaming nothing; returns stdout. On failure (or after `timeout` ms, default
 * 3 minutes: a process that does not exit is a failure too) the error carries its output.
 */
export function run(command, args, options = {}) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
      killSignal: 'SIGKILL',
      ...options,
    });
  } catch (error) {
    const { stdout = '', stderr = '', signal } = /** @type {{stdout?: string, stderr?: string, signal?: string}} */ (error);
    const why = signal ? `was killed (${signal}; timed out?)` : 'failed';
    throw new ProofError(`\`${command} ${args.join(' ')}\` ${why} (cwd ${options.cwd ?? process.cwd()}):\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`);
  }
}

/** The newest modification time of any file under DIR (skipping node_modules and dist). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirRecursive(dir)) newest = Math.max(newest, statSync(entry).mtimeMs);
  return newest;
}

function readdirRecursive(dir) {
  return execFileSync('find', [dir, '-type', 'f', '-not', '-path', '*/node_modules/*', '-not', '-path', '*/dist/*'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

/**
 * Packs both packages into DEST and returns `{ [name]: tarballPath }`. The build must be current:
 * `pnpm run build` first (the root `test` script does); a dist older than its sources fails here
 * rather than proving something about stale code.
 */
export function packPackages(dest) {
  mkdirSync(dest, { recursive: true });
  const tarballs = {};
  for (const { name, dir } of PACKAGES) {
    const dist = path.join(dir, 'dist');
    assert(existsSync(dist), `${name}: no dist/ — run \`pnpm run build\` first`);
    const built = statSync(dist).mtimeMs;
    assert(newestSource(path.join(dir, 'src')) <= built, `${name}: dist/ is older than src/ — run \`pnpm run build\` first`);
    const out = JSON.parse(run('pnpm', ['pack', '--json', '--pack-destination', dest], { cwd: dir }));
    tarballs[name] = out.filename;
  }
  return tarballs;
}
