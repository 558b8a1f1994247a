/**
 * pnpm bench:ui — mounting the long-session replay story in Chromium, each measure a ratio against
 * a floor measured in the same run (the same rows as plain text divs); loadImage calls and object
 * URLs checked while scrolling the whole page. Results: .bench-results/ui.json
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchChromium, REPO_ROOT, startBenchServer } from './launch';
import { measureSize, SAMPLES_PER_VARIANT, type SizeResult } from './measure';
import { checksOf, growthBetween, median, METRICS, summarizeSize, TARGETS, type Check, type Metric, type SizeSummary } from './summary';

/** The recorded 300-call session, then the same repeated 10× (3 000 calls). */
const REPEATS = [1, 10] as const;
const VIEWPORT = { width: 1280, height: 800 };
const RESULTS_FILE = path.join(REPO_ROOT, '.bench-results/ui.json');

/** What each number means, written into the results for whoever reads them later. */
const DEFINITIONS = {
  floor:
    'the same rows as plain text divs (a call: its name and path or arguments; a message: its text) rendered by React, ' +
    'with the replay items\' content-visibility: auto; an image row mounts its card text while open; it mounts every row in its first render',
  replay: 'ToolCardProvider (own QueryClient, the recorded-attachment loader, locale en) around the story\'s LogReplay, as .storybook/preview.tsx wraps the Replay story',
  sizes: '300 rows: the recorded 15-long-session fixture; 3000 rows: its events 10× with seqs, lines and call ids rewritten, attachment ids kept',
  firstRenderMs: 'image rows expanded as the story shows them: ms from root.render to the first painted frame after the commit',
  allRowsMs:
    'the same mount: ms from root.render to the first painted frame after the replay\'s last row mounted (its aria-busy removed); ' +
    'equal to firstRenderMs when the first render mounts every row, as the floor\'s always does',
  longestTaskMs:
    'the same mount: the longest main-thread task between those two frames as the Long Tasks API reports them (tasks of 50 ms or more); ' +
    '0 when none was that long or the frames are one',
  expandMs:
    'mounted with expandImageResults: false until every row is mounted, then every image row\'s disclosure clicked in one task: ms to the next painted frame',
  heapBytes: 'V8 used heap after a forced GC with every row mounted and the images in view loaded, minus the same before the mount',
  firstRenderElements: 'elements under the mount\'s container at the first painted frame',
  elements: 'elements under the mount\'s container once every row is mounted',
  samples: 'per size, one discarded warm-up sample per variant, then rounds alternating which variant goes first; medians',
  linearGrowth: 'replay median at 3000 rows ÷ at 300 rows ≤ the row-count ratio × targets.linearGrowthSlack',
};

const UNITS: Readonly<Record<Metric, { readonly label: string; readonly scale: number; readonly digits: number }>> = {
  firstRenderMs: { label: 'first render ms', scale: 1, digits: 1 },
  allRowsMs: { label: 'all rows mounted ms', scale: 1, digits: 1 },
  expandMs: { label: 'expand image rows ms', scale: 1, digits: 1 },
  heapBytes: { label: 'JS heap MiB', scale: 2 ** 20, digits: 2 },
  firstRenderElements: { label: 'DOM elements, first render', scale: 1, digits: 0 },
  elements: { label: 'DOM elements, all rows', scale: 1, digits: 0 },
};

function formatted(metric: Metric, value: number): string {
  const { scale, digits } = UNITS[metric];
  return (value / scale).toFixed(digits);
}

/** The Long Tasks API reports tasks of 50 ms or more; 0 means there was none. */
function longTaskText(ms: number): string {
  return ms === 0 ? '< 50' : ms.toFixed(0);
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
    sizes.map(({ toolCalls, samples }) => {
      const longestTasks = samples.replay.map((sample) => sample.longestTaskMs);
      return {
        rows: toolCalls,
        'replay, first frame → all rows mounted: longest task ms, median': longTaskText(median(longestTasks)),
        'worst sample': longTaskText(Math.max(...longestTasks)),
      };
    }),
  );
  console.table(
    sizes.map(({ session, loads }) => ({
      rows: session.toolCalls,
      'image rows': session.imageRows,
      'loadImage calls': loads.loadCalls,
      'distinct in view': loads.distinctInView,
      'tiles in view': loads.tilesInView,
      'scroll stops': loads.scrollSteps,
      'object URLs': loads.objectUrlsCreated,
      'live after unmount': loads.liveObjectUrlsAfterUnmount,
    })),
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

  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  if (smallest === undefined || largest === undefined) throw new Error('No size was measured.');
  const growth = growthBetween(smallest, largest);
  const checks = checksOf(sizes, growth);
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
    growth,
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
