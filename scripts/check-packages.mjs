// The packed tarballs as an installer gets them, checked (part of `pnpm test`, after `pnpm run build`):
//
//  1. publint --strict and are-the-types-wrong report nothing for either tarball;
//  2. the manifest: `exports` list `types` first and name only shipped files, the workspace-only
//     `@toolcard/source` condition is gone and nothing else differs from the workspace `exports`,
//     only `package.json` and `dist/` ship, the host's `bin` is an executable Node script;
//  3. the UI's built files: `dist/index.js` starts with 'use client'; the `./model` graph imports no
//     React (nor React Query, nor anything with 'use client'); no JavaScript imports CSS; the
//     stylesheet is one self-contained file;
//  4. the host: both bins, and only its `./mcp` entry reaches the MCP SDK and zod (optional peers);
//  5. size budgets, min+gzip, peers external, measured by bundling the packed files with Vite 8
//     (Rolldown) and gzip -9 in this run (size-limit 12+ needs Node 22; this is its `file` preset
//     plus our own bundle step).
//
//   node scripts/check-packages.mjs        (pnpm run check:packages)
import { mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { PACKAGES, ProofError, REPO_ROOT, assert, packPackages, run } from './packages.mjs';

const SOURCE_CONDITION = '@toolcard/source';
const PEERS = ['react', 'react-dom', '@tanstack/react-query'];
/** The resolutions attw's `esm-only` profile ignores. */
const ESM_ONLY_IGNORED = ['node10', 'node16-cjs'];

/**
 * Budgets in bytes, min+gzip (issue 9 §2). Issue 11 raised the whole entry's from 20 kB by what the
 * virtualised replay weighs: the virtualizer itself (its own row below, a regular dependency of the
 * UI, bundled into what an app ships) and the find bar. Issue 10's format adapters (MCP, AI SDK)
 * and the sha256 their inline-image ids are minted with (@noble/hashes, ~2.4 kB) raised it again,
 * and the model's from 6 kB. 38 → 39 kB: issue 11's slicing of a long log handed over at once
 * (the replay pumped in short tasks, the find bar's summary kept incrementally) and the gallery's
 * icons for tiles too small for their words. 39 → 49 kB and the model's 12 → 22.5 kB: issue 20's
 * `readAgentLog`, which reads four more agents' formats (Claude Code, Codex, Anthropic Messages,
 * OpenAI Responses: ~10 kB of readers); an app that imports only the gallery does not pay it (its
 * budget is unchanged). 49 → 52.32 kB: issue 24 §3–§5, measured in one run on this machine (47.91 kB
 * before, 51.23 kB after: +3.32 kB): the session header and its facts per format, row times,
 * `StepControl` with its event summaries, the sticky find bar's folding filters, and their labels in
 * both locales. The model's entry grew 21.77 → 22.15 kB, inside its budget. 52.32 → 53.9 kB and the
 * model's 22.5 → 23.4 kB: issue 24 §1, §2, §6 (row states, the refusal rule, reasons, essential
 * arguments, the facts line, the approval buttons: +1.88 kB measured on their own, 47.91 → 49.79 kB),
 * with both merged (and the refusal reason on tiles, the subagent reader) measured at 53.81 kB and
 * 23.32 kB (53.87 and 23.38 once a lone unnamed image took the card's path as its name); styles.css 4 → 4.2 kB, measured 4.18 kB (the replay's own stylesheet, the badges' colours).
 * 53.9 → 54.09 kB: the lightbox's controls as icons on a phone (five stroke icons, a title and a
 * word span per control: 53.88 → 54.08 kB measured in one run; styles.css 4.17 → 4.198 kB, inside its budget).
 * styles.css stays 4.2 kB: a narrow row's path taking the next line (+7 B) is paid by the lightbox's narrow words
 * hidden with display: none, its controls then named by their title (−7 B).
 * 54.09 → 54.4 kB and the model's 23.4 → 23.72 kB: Codex calls take the duration their own events measured
 * (`exec_command_end` / `mcp_tool_call_end`, a 0.5x shell output's `duration_seconds`): measured 54.39 and 23.71 kB.
 * 54.4 → 54.43 kB and the model's 23.72 → 24.03 kB: issue 21's workbench summarises sessions on the server with the
 * replay's own counts (`sessionFactsOf`, `conversationCounts`, now exported from `./model`, which also count calls
 * with an image): measured 54.42 and 24.02 kB.
 * 54.43 → 55.18 kB: issue 21's extension points for the QA workbench — the `tool.call.actions` and
 * `lightbox.image.actions` slots, `SessionReplay`'s `openCall` / `openImage` (a call scrolled to,
 * opened and focused; the lightbox kept by the embedder) and `callFilter`: 54.39 → 55.12 kB measured
 * in one run. ImageGallery alone 6.56 → 7.43 kB (the lightbox now renders its slot), inside its budget.
 * 55.18 → 61.1 kB and styles.css 4.2 → 4.5 kB: issue 22 §2's `ImageComparison` (four modes, the mode switcher, the
 * difference overlay, its labels in both locales, and pixelmatch with the banded comparison for an app that gives no
 * worker: the page-thread path is in the entry, the worker's copy is its own file): measured 61.09 kB and 4.48 kB in
 * one run (55.12 kB before, the last measure above). ImageGallery alone 7.76 kB (the new labels), inside its budget.
 * Then issue 23 §3 (+1.8 kB, +0.18 kB measured alone on 55.12 kB), every image of a session — `SessionReplay`'s
 * Calls / Images tabs, the virtualised grid of gallery tiles with their calls' names and "Go to call",
 * the incremental `SessionImageCollector`, six labels in both locales, and their CSS: measured 56.91 kB
 * and 4.38 kB after it (the budgets before it were passed).
 * Then issue 23 §2 (measured alone on 55.18 kB: 58.57 kB, ImageGallery alone 8 → 10.75 kB, styles.css 4.467 kB)'s lightbox for
 * looking closely (zoom and pan with our own pointer maths, the original-pixel position, the filmstrip, their
 * labels in both locales), measured 58.57, 10.73 and 4.467 kB. A library would have cost more on its own:
 * react-zoom-pan-pinch 4.2.0 13.7 kB, @use-gesture/react 10.3.1 8.1 kB, @panzoom/panzoom 4.6.2 3.6 kB (package README).
 * The three together, measured in one run: 66.28 kB, ImageGallery alone 11.18 kB (the labels of all three) and
 * styles.css 4.93 kB.
 * 66.3 → 66.85 kB and ImageGallery alone 11.2 → 11.25 kB: issue 23 §3's images of messages in the Images view (the
 * collector's message images and places, the tiles told by their message and time, "Go to message", four labels in
 * both locales, which every entry carries) and §2's double tap counted from the second touch: measured 66.82 and 11.22 kB.
 * 66.85 → 66.9 kB: the lightbox hands its actions slot the image's place in its call (`callImageIndex`), not in the
 * session's sequence (a verdict from the Images view targeted the wrong image): measured 66.85 kB.
 * 66.9 → 67.6 kB and the model's 24.03 → 25.1 kB, issue 22 measured one branch at a time on 66.28 / 24.02 kB: the image
 * difference decoding a PNG with WebCodecs' `ImageDecoder` straight to RGBA, on the page-thread path too (66.95 kB
 * alone; 1.4× faster in `bench:image-diff`), and the export keeping only the calls a filter matches with the find
 * bar's own matcher, now plain functions in `./model` (`itemsMatching`, `conversationImageIds`; 25.09 kB alone, the
 * whole entry unchanged). All three merged, in one run: 67.54 and 25.09 kB.
 * The model's 25.1 → 25.16 kB: the filtered export learns which line of our own log made which item from its events in
 * one pass (`itemKeysByEvent`, now in `./model`) instead of a reader snapshot per line (quadratic, 17 s for 12 000
 * calls on the server's thread): measured 25.15 kB, the whole entry 67.55 kB (unchanged budget).
 * The model's 25.16 → 25.47 kB and the whole entry's 67.6 → 67.88 kB: Claude Code and Codex readers tell which items
 * each line changed (`AgentLogReader.takeChangedItemKeys`, kept by both conversation builders once asked) so the
 * filtered export of their files is linear too, not a reader snapshot per line: measured 25.46 and 67.87 kB (+310 B).
 * The model's 25.47 → 25.56 kB and the whole entry's 67.88 → 67.98 kB: a Claude Code prompt's IDE state and reminders
 * (`<ide_opened_file>`, `<system-reminder>`) are a context message of their own, not the user's words (the workbench
 * titled IDE-started sessions by the file the IDE had open): measured 25.56 and 67.97 kB (+95 B).
 * The whole entry +0.28 kB (67.55 → 67.83 kB measured alone): issue 22 §4's image difference, measured one commit at a time in one session on 67.55 kB:
 * pixelmatch only on the rows that differ (67.59 kB), the comparison view's diff worker started when it
 * opens (`DiffWorkers`, 67.69 kB), the mask bitmap cut to the box around the regions (67.83 kB).
 * All three merged: the whole entry measured 68.26 kB.
 * The whole entry 68.26 → 68.48 kB: a comparison whose diff worker cannot start (a policy forbidding workers, a
 * script that fails as it loads) runs on the page's thread instead of never ending (`DiffWorkers.markFailed`):
 * measured 68.47 kB (+200 B).
 * The model's 25.56 → 25.62 kB and the whole entry's 68.48 → 68.51 kB: a web search's or fetch's row says what it
 * looked for (Codex's `web_search` and `tool_search`, Claude Code's `WebSearch` and `WebFetch`), where it said only
 * "Web search": measured 25.61 and 68.50 kB (+53 B and +18 B).
 * The model's 25.62 → 25.70 kB and the whole entry's 68.51 → 68.59 kB: other agents' tools take the icon of the tool
 * they match (Claude Code's `Read`, `Bash`, `Grep`, `WebFetch`…, Codex's `view_image`, `exec_command`, `apply_patch`),
 * where they all had the generic one: measured 25.69 and 68.58 kB (+73 B and +71 B).
 * The model's 25.70 → 25.72 kB and the whole entry's 68.59 → 68.62 kB: Codex's `view_image` row shows the file it
 * viewed in its header, as a file tool does (its argument is `path`, not `file_path`), where the path was only in the
 * body: measured 25 719 and 68 610 B.
 */
const BUDGETS = [
  { name: 'whole UI entry (JS)', entry: 'export * from "@toolcard/ui-tool-image";', limit: 68_620 },
  {
    name: 'the virtualizer (JS)',
    entry: 'export { defaultRangeExtractor, measureElement, useWindowVirtualizer } from "@tanstack/react-virtual";',
    limit: 10_500,
  },
  { name: 'ImageGallery alone (JS)', entry: 'export { ImageGallery } from "@toolcard/ui-tool-image";', limit: 11_250 },
  { name: './model alone (JS)', entry: 'export * from "@toolcard/ui-tool-image/model";', limit: 25_720 },
  { name: 'styles.css', css: 'dist/styles.css', limit: 4_950 },
];

const work = mkdtempSync(path.join(os.tmpdir(), 'toolcard-check-'));
const failures = [];
const log = (line) => console.log(`check-packages: ${line}`);

function check(label, fn) {
  try {
    fn();
    log(`ok   ${label}`);
  } catch (error) {
    if (!(error instanceof ProofError)) throw error;
    failures.push(`${label}: ${error.message}`);
    log(`FAIL ${label}\n${error.message}`);
  }
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Relative static and dynamic import specifiers of an ES module (built output: plain `import … from "x"`). */
function importsOf(code) {
  const specifiers = [];
  for (const match of code.matchAll(/(?:\bimport|\bexport)\s*(?:[^'"`;]*?\bfrom\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) {
    specifiers.push(match[1] ?? match[2]);
  }
  return specifiers;
}

/** Every file reachable from ENTRY through relative imports, with the bare specifiers it reaches. */
function moduleGraph(entry) {
  const seen = new Set();
  const bare = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier));
      else bare.add(specifier);
    }
  }
  return { files: [...seen], bare: [...bare] };
}

function withoutSourceCondition(value) {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

function checkExportTargets(pkgDir, exportsField, where) {
  for (const [subpath, target] of Object.entries(exportsField)) {
    if (typeof target === 'string') {
      assert(existsSync(path.join(pkgDir, target)), `${where} exports["${subpath}"] → ${target} is not in the tarball`);
      continue;
    }
    const keys = Object.keys(target);
    assert(!keys.includes(SOURCE_CONDITION), `${where} exports["${subpath}"] still has the workspace-only "${SOURCE_CONDITION}" condition`);
    if (keys.includes('types')) assert(keys[0] === 'types', `${where} exports["${subpath}"]: "types" must come first (got ${keys.join(', ')})`);
    for (const file of Object.values(target)) {
      assert(typeof file === 'string', `${where} exports["${subpath}"]: nested conditions are not expected`);
      assert(existsSync(path.join(pkgDir, file)), `${where} exports["${subpath}"] → ${file} is not in the tarball`);
    }
  }
}

async function gzipSizeOfBundle(entryCode, resolveDir) {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: resolveDir,
    build: {
      write: false,
      minify: true,
      target: 'es2023',
      modulePreload: false,
      rolldownOptions: {
        input: 'virtual:size-entry',
        // What the entry exports is what an app uses: keep it (tree-shaking drops the rest).
        preserveEntrySignatures: 'exports-only',
        output: { format: 'es' },
        external: (id) => PEERS.some((name) => id === name || id.startsWith(`${name}/`)),
      },
    },
    plugins: [
      {
        name: 'size-entry',
        resolveId: (id) => (id === 'virtual:size-entry' ? '\0size-entry' : undefined),
        load: (id) => (id === '\0size-entry' ? entryCode : undefined),
      },
    ],
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const js = outputs
    .filter((o) => o.type === 'chunk')
    .map((o) => o.code)
    .join('\n');
  return gzipSync(js, { level: 9 }).length;
}

async function main() {
  const tarballs = packPackages(path.join(work, 'packs'));
  const unpacked = {};
  for (const { name, dir } of PACKAGES) {
    const into = path.join(work, 'unpacked', name);
    mkdirSync(into, { recursive: true });
    run('tar', ['xzf', tarballs[name], '-C', into]);
    unpacked[name] = { dir: path.join(into, 'package'), workspace: dir, tarball: tarballs[name] };
  }

  for (const [name, { tarball }] of Object.entries(unpacked)) {
    check(`${name}: publint --strict reports nothing`, () => {
      const out = run('pnpm', ['exec', 'publint', 'run', '--strict', tarball], { cwd: REPO_ROOT });
      assert(/All good!/.test(out), out);
    });
    check(`${name}: are-the-types-wrong (profile esm-only) reports nothing`, () => {
      // ESM-only packages: the esm-only profile leaves out node10 and require() resolutions (Node 20's
      // require(esm) aside, neither is a way these packages are meant to be loaded). A stylesheet has
      // no types: `import '…/styles.css'` is a side-effect import TypeScript does not resolve.
      const out = run('pnpm', ['exec', 'attw', tarball, '--profile', 'esm-only', '--format', 'json', '--exclude-entrypoints', 'styles.css'], {
        cwd: REPO_ROOT,
      });
      const { problems } = JSON.parse(out);
      const reported = Object.values(problems ?? {})
        .flat()
        .filter((p) => !ESM_ONLY_IGNORED.includes(p.resolutionKind));
      assert(reported.length === 0, JSON.stringify(reported, null, 2));
    });
  }

  for (const [name, { dir, workspace }] of Object.entries(unpacked)) {
    check(`${name}: packed manifest and file list`, () => {
      const packed = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const source = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8'));
      checkExportTargets(dir, packed.exports, name);
      assert(
        JSON.stringify(packed.exports) === JSON.stringify(withoutSourceCondition(source.exports)),
        `${name}: publishConfig.exports drifted from exports (minus "${SOURCE_CONDITION}"):\n packed ${JSON.stringify(packed.exports)}\n source ${JSON.stringify(source.exports)}`,
      );
      assert('sideEffects' in packed, `${name}: no "sideEffects" field`);
      const shipped = files(dir).map((f) => path.relative(dir, f));
      // npm always packs the README, which documents the package (the UI's lists its --tc-* properties).
      const stray = shipped.filter((f) => f !== 'package.json' && f !== 'README.md' && !f.startsWith('dist/'));
      assert(stray.length === 0, `${name}: ships files outside dist/ besides its README: ${stray.join(', ')}`);
      const tests = shipped.filter((f) => /\.test\.|\/test\/|\/fixtures\//.test(f));
      assert(tests.length === 0, `${name}: ships tests or fixtures: ${tests.join(', ')}`);
      for (const [bin, target] of Object.entries(packed.bin ?? {})) {
        const text = readFileSync(path.join(dir, target), 'utf8');
        assert(text.startsWith('#!/usr/bin/env node\n'), `${name}: bin ${bin} (${target}) does not start with a node shebang`);
      }
    });
  }

  const ui = unpacked['@toolcard/ui-tool-image'].dir;
  const host = unpacked['@toolcard/host-read-image'].dir;
  check('@toolcard/host-read-image: the toolcard-read-image and toolcard-mcp bins', () => {
    const packed = JSON.parse(readFileSync(path.join(host, 'package.json'), 'utf8'));
    for (const bin of ['toolcard-read-image', 'toolcard-mcp']) {
      assert(typeof packed.bin?.[bin] === 'string', `no bin "${bin}" in ${JSON.stringify(packed.bin)}`);
    }
  });
  check('@toolcard/host-read-image: only ./mcp loads the MCP SDK (an optional peer), in the whole built graph', () => {
    const mcpPeers = (specifiers) => specifiers.filter((s) => /^(@modelcontextprotocol\/sdk|zod)(\/|$)/.test(s));
    const main = mcpPeers(moduleGraph(path.join(host, 'dist/src/index.js')).bare);
    assert(main.length === 0, `the "." entry reaches ${main.join(', ')}`);
    const mcp = mcpPeers(moduleGraph(path.join(host, 'dist/src/mcp/index.js')).bare);
    assert(mcp.length > 0, 'the "./mcp" entry does not import the MCP SDK (is the check looking at the right file?)');
    const packed = JSON.parse(readFileSync(path.join(host, 'package.json'), 'utf8'));
    for (const peer of ['@modelcontextprotocol/sdk', 'zod']) {
      assert(packed.peerDependenciesMeta?.[peer]?.optional === true, `${peer} is not an optional peer`);
      assert(packed.dependencies?.[peer] === undefined, `${peer} is a dependency: every install would pull it in`);
    }
  });
  check("@toolcard/ui-tool-image: dist/index.js starts with 'use client'", () => {
    const first = readFileSync(path.join(ui, 'dist/index.js'), 'utf8').split('\n', 1)[0];
    assert(/^["']use client["'];?$/.test(first), `the first line is ${JSON.stringify(first)}`);
  });
  check('@toolcard/ui-tool-image: ./model imports no React, in its whole built graph', () => {
    const { files: graph, bare } = moduleGraph(path.join(ui, 'dist/model/index.js'));
    const react = bare.filter((s) => PEERS.some((peer) => s === peer || s.startsWith(`${peer}/`)));
    assert(react.length === 0, `the ./model graph (${graph.map((f) => path.relative(ui, f)).join(', ')}) imports ${react.join(', ')}`);
    // Its own dependencies (a pure hash for the adapters' ids), installed beside it; nothing else.
    const dependencies = Object.keys(JSON.parse(readFileSync(path.join(ui, 'package.json'), 'utf8')).dependencies ?? {});
    const undeclared = bare.filter((s) => !dependencies.some((name) => s === name || s.startsWith(`${name}/`)));
    assert(undeclared.length === 0, `the ./model graph imports packages that are not its dependencies: ${undeclared.join(', ')}`);
    for (const file of graph) {
      assert(!/^\s*["']use client["']/.test(readFileSync(file, 'utf8')), `${path.relative(ui, file)} in the ./model graph is marked 'use client'`);
    }
  });
  check('@toolcard/ui-tool-image: no JavaScript imports CSS; one self-contained stylesheet', () => {
    for (const file of files(path.join(ui, 'dist')).filter((f) => f.endsWith('.js'))) {
      const css = importsOf(readFileSync(file, 'utf8')).filter((s) => /\.css($|\?)/.test(s));
      assert(css.length === 0, `${path.relative(ui, file)} imports ${css.join(', ')}`);
    }
    const sheets = files(path.join(ui, 'dist')).filter((f) => f.endsWith('.css'));
    assert(sheets.length === 1, `expected one stylesheet, found ${sheets.map((f) => path.relative(ui, f)).join(', ')}`);
    assert(!/@import/.test(readFileSync(sheets[0], 'utf8')), 'dist/styles.css still has an @import');
  });
  check('@toolcard/ui-tool-image: src/styles.css @imports every stylesheet under src/, once', () => {
    const src = path.join(PACKAGES[0].dir, 'src');
    const entry = path.join(src, 'styles.css');
    const imported = [...readFileSync(entry, 'utf8').matchAll(/@import\s+['"]([^'"]+)['"]/g)].map((m) => path.resolve(src, m[1]));
    const others = files(src).filter((f) => f.endsWith('.css') && f !== entry);
    assert(
      JSON.stringify([...imported].sort()) === JSON.stringify([...others].sort()),
      `src/styles.css imports ${imported.map((f) => path.relative(src, f)).join(', ')}; the stylesheets are ${others.map((f) => path.relative(src, f)).join(', ')}`,
    );
  });

  // Size budgets: bundle what an app would import from the packed package.
  const consumer = path.join(work, 'size');
  mkdirSync(path.join(consumer, 'node_modules/@toolcard'), { recursive: true });
  run('ln', ['-s', ui, path.join(consumer, 'node_modules/@toolcard/ui-tool-image')]);
  // The UI's own dependencies (not peers) are bundled into what an app ships, so they count: link
  // the copies the workspace installed (pnpm's real paths, so their own dependencies resolve too),
  // above the unpacked package, where resolution from its real path finds them.
  const uiDependencies = Object.keys(JSON.parse(readFileSync(path.join(ui, 'package.json'), 'utf8')).dependencies ?? {});
  for (const dependency of uiDependencies) {
    const target = path.join(work, 'node_modules', dependency);
    mkdirSync(path.dirname(target), { recursive: true });
    run('ln', ['-s', realpathSync(path.join(PACKAGES[0].dir, 'node_modules', dependency)), target]);
  }
  const rows = [];
  for (const budget of BUDGETS) {
    const size = budget.css ? gzipSync(readFileSync(path.join(ui, budget.css)), { level: 9 }).length : await gzipSizeOfBundle(budget.entry, consumer);
    rows.push({ ...budget, size });
  }
  for (const { name, size, limit } of rows) {
    const line = `${name.padEnd(26)} ${(size / 1000).toFixed(2).padStart(6)} kB  (budget ${(limit / 1000).toFixed(2)} kB, min+gzip)`;
    check(`size ${line}`, () => assert(size <= limit, `${name} is ${size} B, over its budget of ${limit} B`));
  }

  if (failures.length > 0) {
    console.error(`\ncheck-packages: ${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    log('all package checks passed');
  }
}

try {
  await main();
} catch (error) {
  console.error(`check-packages: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
