/**
 * pnpm bench:ui — mounting the long-session replay story in Chromium, each measure a ratio against
 * a floor measured in the same run (the same rows as plain text divs); loadImage calls and object
 * URLs checked while scrolling the whole page. Results: .bench-results/ui.json
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchChromium, REPO_ROOT, startBenchServer } from './launch';
import { measureSize, SAMPLES_PER_VARIANT, SEARCH_QUERY, type SizeResult } from './measure';
import { checksOf, METRICS, summarizeSize, TARGETS, type Check, type Metric, type SizeSummary } from './summary';

/** The recorded 300-call session, then the same repeated 10× (3 000 calls) and 100× (30 000 calls). */
const REPEATS = [1, 10, 100] as const;
const VIEWPORT = { width: 1280, height: 800 };
const RESULTS_FILE = path.join(REPO_ROOT, '.bench-results/ui.json');

/** What each number means, written into the results for whoever reads them later. */
const DEFINITIONS = {
  floor:
    'the same rows as plain text divs (a call: its name and path or arguments; a message: its text) rendered by React, ' +
    'each with content-visibility: auto; an image row mounts its card text while open; it mounts every row in its first render',
  replay:
    "ToolCardProvider (own QueryClient, the recorded-attachment loader, locale en) around the story's LogReplay, as .storybook/preview.tsx wraps the Replay story (virtualised SessionReplay)",
  sizes:
    '300 calls: the recorded 15-long-session fixture; 3 000 and 30 000: its events 10× and 100× with seqs, lines and call ids rewritten, attachment ids kept',
  firstRenderMs: 'image rows expanded as the story shows them: ms from root.render to the first painted frame after the commit',
  heapBytes:
    'V8 used heap after a forced GC with the replay mounted and the images in view loaded, minus the same before the mount (the parsed log is prepared before, so it is not in this number; logBytes is)',
  logBytes: "the replayed events as JSON (JSON.stringify(log.events).length): the parsed log's own size",
  firstRenderElements: "elements under the mount's container at the first painted frame",
  elements: "elements under the mount's container after the images in view loaded",
  search:
    'floor: a loop of String.prototype.includes over the lowercased texts the find bar searches (name, raw arguments, result text per top-level call, nested calls included; message text); ' +
    `replay: the find bar, from the input event of "${SEARCH_QUERY}" to the match count in the DOM, after one untimed search built its texts; medians of ${String(SAMPLES_PER_VARIANT)}; the target is judged at the largest size (the page is cross-origin isolated, so times are in µs)`,
  wholeReplayMs:
    'ms from root.render to the first painted frame after the replay replayed its whole log (a long log is replayed in slices, the replay aria-busy meanwhile): medians',
  mountLongestTaskMs: 'the longest task the Long Tasks API reports (≥ 50 ms) over that time, worst of the replay samples',
  flingLongestTaskMs:
    'the replay mounted, then scrolled to the end in 20 jumps and back in 20, one painted frame each: the longest task the Long Tasks API reports (≥ 50 ms), worst of 3 flings',
  samples: 'per size, one discarded warm-up sample per variant, then rounds alternating which variant goes first; medians',
};

const UNITS: Readonly<Record<Metric, { readonly label: string; readonly scale: number; readonly digits: number }>> = {
  firstRenderMs: { label: 'first rows painted ms', scale: 1, digits: 1 },
  heapBytes: { label: 'JS heap MiB', scale: 2 ** 20, digits: 2 },
  firstRenderElements: { label: 'DOM elements, first paint', scale: 1, digits: 0 },
  elements: { label: 'DOM elements, images loaded', scale: 1, digits: 0 },
};

function formatted(metric: Metric, value: number): string {
  const { scale, digits } = UNITS[metric];
  return (value / scale).toFixed(digits);
}

type MeasuredSize = SizeResult & SizeSummary;

function printResults(sizes: readonly MeasuredSize[], checks: readonly Check[]): void {
  console.table(
    sizes.flatMap(({ toolCalls, medians, ratios }) =>
      METRICS.map((metric) => ({
        rows: toolCalls,
        measure: UNITS[metric].label,
        floor: formatted(metric, medians.floor[metric]),
        replay: formatted(metric, medians.replay[metric]),
        '× floor': ratios[metric].toFixed(2),
      })),
    ),
  );
  console.table(
    sizes.map(({ toolCalls, session, heapPerLogByte, search, flingLongestTaskMs, mountLongestTaskMs, wholeReplayMs }) => ({
      calls: toolCalls,
      'whole log replayed ms': wholeReplayMs.toFixed(0),
      'mount longest task ms': mountLongestTaskMs === 0 ? '< 50' : mountLongestTaskMs.toFixed(0),
      'parsed log MiB': (session.logBytes / 2 ** 20).toFixed(2),
      'heap ÷ log': heapPerLogByte.toFixed(2),
      'search floor ms': search.floorMs.toFixed(3),
      'search replay ms': search.replayMs.toFixed(3),
      'search × floor': search.ratio.toFixed(2),
      'fling longest task ms': flingLongestTaskMs === 0 ? '< 50' : flingLongestTaskMs.toFixed(0),
    })),
  );
  console.table(
    sizes.flatMap(({ session, loads }) =>
      loads.map((load) => ({
        rows: session.toolCalls,
        scroll: load.pace,
        'image rows': session.imageRows,
        'loadImage calls': load.loadCalls,
        'distinct in view': load.distinctInView,
        'distinct near': load.distinctNear,
        'tiles in view': load.tilesInView,
        'scroll stops': load.scrollSteps,
        'slow stops': load.slowStops,
        'object URLs': load.objectUrlsCreated,
        'live after unmount': load.liveObjectUrlsAfterUnmount,
      })),
    ),
  );
  for (const { kind, ok, text } of checks) {
    const verdict = kind === 'target' ? (ok ? 'PASS' : 'MISS') : ok ? 'ok  ' : 'FAIL';
    console.log(`${verdict}  ${text}`);
  }
}

const started = performance.now();
const { server, url } = await startBenchServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.waitForFunction(() => window.uiBench !== undefined);
  const cdp = await page.context().newCDPSession(page);

  const sizes: MeasuredSize[] = [];
  for (const repeat of REPEATS) {
    process.stdout.write(`measuring the long session ×${repeat} … `);
    const size = await measureSize(page, cdp, repeat);
    sizes.push({ ...size, ...summarizeSize(size) });
    console.log('done');
  }

  const checks = checksOf(sizes);
  printResults(sizes, checks);
  const seconds = (performance.now() - started) / 1000;
  console.log(`Chromium ${browser.version()}, ${SAMPLES_PER_VARIANT} interleaved samples per variant and size, ${seconds.toFixed(0)} s`);

  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  const results = {
    measuredAt: new Date().toISOString(),
    chromium: browser.version(),
    node: process.version,
    viewport: VIEWPORT,
    samplesPerVariant: SAMPLES_PER_VARIANT,
    targets: TARGETS,
    definitions: DEFINITIONS,
    sizes,
    checks,
    seconds,
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results: ${RESULTS_FILE}`);
  if (checks.some((check) => check.kind === 'functional' && !check.ok)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}
