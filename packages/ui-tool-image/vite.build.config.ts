/**
 * Library build of @toolcard/ui-tool-image (Vite 8 library mode, i.e. Rolldown): ESM JavaScript
 * with source maps, one file per source module, for the two entries `.` (dist/index.js) and
 * `./model` (dist/model/index.js), the log-parsing worker `./parse-worker` (dist/worker/parse-worker.js), the image-difference worker `./diff-worker` (dist/worker/diff-worker.js), and the one stylesheet `./styles.css` (dist/styles.css).
 * Declarations come from `tsc -p tsconfig.build.json`, beside the JavaScript (package.json
 * `build`). Peers and dependencies stay external: the app brings one React and one React Query,
 * and its package manager installs (and dedupes) the dependencies.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const PACKAGE = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  readonly peerDependencies?: Record<string, string>;
  readonly dependencies?: Record<string, string>;
};
const EXTERNAL = [...Object.keys(manifest.peerDependencies ?? {}), ...Object.keys(manifest.dependencies ?? {})];

export default defineConfig({
  root: PACKAGE,
  // The package's own sources; no `public/` folder is copied.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Apps minify; a readable dist keeps stack traces and diffs honest (the size check minifies).
    minify: false,
    cssMinify: 'lightningcss',
    // The stylesheet is its own entry (no JavaScript imports CSS).
    cssCodeSplit: true,
    target: 'es2023',
    lib: {
      entry: {
        index: 'src/index.ts',
        'model/index': 'src/model/index.ts',
        'worker/parse-worker': 'src/worker/parse-worker.ts',
        'worker/diff-worker': 'src/worker/diff-worker.ts',
        styles: 'src/styles.css',
      },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: (id) => EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`)),
      output: {
        // One file per source module, so that an app's bundler drops whole unused modules
        // (`sideEffects`): a bundled single file would keep every top-level call such as `memo(…)`.
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        // React Server Component apps (Next.js) treat `.` as a client module; `./model` stays a plain
        // module a server can call. Only the `.` entry carries the directive.
        banner: (chunk) => (chunk.isEntry && chunk.name === 'index' ? "'use client';" : ''),
      },
    },
  },
});
