import type { Variant } from './bench-api';
import type { Sample, SizeResult } from './measure';

export const TARGETS = {
  /** The replay's first render at most this × the floor's, at every size. */
  firstRenderRatio: 2,
  /** Linear growth: from the smallest to the largest size, a replay median grows at most this × the row-count ratio. */
  linearGrowthSlack: 1.3,
} as const;

/** What is compared with the floor: ratios, and growth from the smallest size to the largest. */
export const METRICS = ['firstRenderMs', 'allRowsMs', 'expandMs', 'heapBytes', 'firstRenderElements', 'elements'] as const;
export type Metric = (typeof METRICS)[number];
export type PerMetric = Readonly<Record<Metric, number>>;

export interface SizeSummary {
  readonly toolCalls: number;
  readonly medians: Readonly<Record<Variant, PerMetric>>;
  /** Replay median ÷ floor median. */
  readonly ratios: PerMetric;
}

export interface Growth {
  readonly fromToolCalls: number;
  readonly toToolCalls: number;
  /** The replay's allowed growth: the row-count ratio × the slack. */
  readonly limit: number;
  /** Each variant's median at the largest size ÷ at the smallest. */
  readonly floor: PerMetric;
  readonly replay: PerMetric;
}

export interface Check {
  /** A `target` that is missed is reported; a `functional` check that fails fails the run. */
  readonly kind: 'target' | 'functional';
  readonly ok: boolean;
  readonly text: string;
}

function perMetric(value: (metric: Metric) => number): PerMetric {
  return {
    firstRenderMs: value('firstRenderMs'),
    allRowsMs: value('allRowsMs'),
    expandMs: value('expandMs'),
    heapBytes: value('heapBytes'),
    firstRenderElements: value('firstRenderElements'),
    elements: value('elements'),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

function mediansOf(samples: readonly Sample[]): PerMetric {
  return perMetric((metric) => median(samples.map((sample) => sample[metric])));
}

export function summarizeSize({ session, samples }: SizeResult): SizeSummary {
  const floor = mediansOf(samples.floor);
  const replay = mediansOf(samples.replay);
  return { toolCalls: session.toolCalls, medians: { floor, replay }, ratios: perMetric((metric) => replay[metric] / floor[metric]) };
}

export function growthBetween(small: SizeSummary, large: SizeSummary): Growth {
  const grown = (variant: Variant) => perMetric((metric) => large.medians[variant][metric] / small.medians[variant][metric]);
  return {
    fromToolCalls: small.toolCalls,
    toToolCalls: large.toolCalls,
    limit: (large.toolCalls / small.toolCalls) * TARGETS.linearGrowthSlack,
    floor: grown('floor'),
    replay: grown('replay'),
  };
}

const METRIC_NAMES: Readonly<Record<Metric, string>> = {
  firstRenderMs: 'first render',
  allRowsMs: 'all rows mounted',
  expandMs: 'expanding all image rows',
  heapBytes: 'JS heap',
  firstRenderElements: 'DOM elements at the first render',
  elements: 'DOM elements',
};

function targetChecks(summaries: readonly SizeSummary[], growth: Growth): Check[] {
  const ratioChecks = summaries.map(({ toolCalls, ratios }): Check => ({
    kind: 'target',
    ok: ratios.firstRenderMs <= TARGETS.firstRenderRatio,
    text: `first render ≤ ${TARGETS.firstRenderRatio}× floor at ${toolCalls} rows (${ratios.firstRenderMs.toFixed(2)}×)`,
  }));
  const growthChecks = [...METRICS].map((metric): Check => ({
    kind: 'target',
    ok: growth.replay[metric] <= growth.limit,
    text:
      `linear growth ${growth.fromToolCalls} → ${growth.toToolCalls} rows, ${METRIC_NAMES[metric]}: ` +
      `${growth.replay[metric].toFixed(2)}× ≤ ${growth.limit.toFixed(1)}× (floor ${growth.floor[metric].toFixed(2)}×)`,
  }));
  return [...ratioChecks, ...growthChecks];
}

function functionalChecks({ session, samples, loads }: SizeResult): Check[] {
  const rows = `at ${session.toolCalls} rows`;
  const liveAfterSamples = Math.max(...[...samples.floor, ...samples.replay].map((sample) => sample.liveObjectUrls));
  return [
    {
      kind: 'functional',
      ok: loads.loadCalls === loads.distinctInView,
      text: `loadImage calls = distinct attachments scrolled into view ${rows} (${loads.loadCalls} calls, ${loads.distinctInView} attachments)`,
    },
    {
      kind: 'functional',
      ok: loads.loadedMoreThanOnce.length === 0,
      text: `no attachment loaded twice ${rows} (${loads.loadedMoreThanOnce.length} were)`,
    },
    {
      kind: 'functional',
      ok: loads.loadedAheadOfView.length === 0,
      text: `no attachment loaded before its tile came near the viewport ${rows} (${loads.loadedAheadOfView.length} were)`,
    },
    {
      kind: 'functional',
      ok: loads.unsettledTiles === 0,
      text: `every tile scrolled into view loaded ${rows} (${loads.unsettledTiles} never did)`,
    },
    {
      kind: 'functional',
      ok: loads.liveObjectUrlsAfterUnmount === 0 && liveAfterSamples === 0,
      text:
        `no live object URLs after unmount ${rows} ` +
        `(${loads.liveObjectUrlsAfterUnmount} after the scroll check of ${loads.objectUrlsCreated} created, at most ${liveAfterSamples} after a sample)`,
    },
  ];
}

export function checksOf(sizes: readonly (SizeResult & SizeSummary)[], growth: Growth): Check[] {
  return [...targetChecks(sizes, growth), ...sizes.flatMap(functionalChecks)];
}
