import type { ExpectedReplay, Scenario } from '../fixtures/scenarios/_scenario';

/**
 * What each log's replay must show. A recorded session's expectations sit in its scenario file,
 * next to the calls that produce them; the reference logs' are here. A log with none (one QA
 * copied in from a production harness) still gets every check that needs no expectations.
 */
const SCENARIOS = import.meta.glob<Scenario>(['../fixtures/scenarios/*.ts', '!../fixtures/scenarios/_*.ts'], {
  eager: true,
  import: 'default',
});

const REFERENCE_REPLAYS: Readonly<Record<string, ExpectedReplay>> = {
  // Recorded before `meta.path` existed: DESIGN's legacy rule shows the envelope as a text card.
  'reference/read-image': { imageCards: [], distinctAttachments: 0 },
  'reference/read-image-text-route': {
    imageCards: [],
    distinctAttachments: 0,
    refusals: ['switch to an image-capable model to read images'],
  },
};

function scenarioReplays(): [string, ExpectedReplay][] {
  return Object.entries(SCENARIOS).map(([file, scenario]) => {
    const name = /\/([^/]+)\.ts$/.exec(file)?.[1] ?? file;
    return [`sessions/${name}`, scenario.expected];
  });
}

/** Log name (`sessions/<scenario>` or `reference/<name>`) → what its replay must show. */
export const EXPECTED_REPLAYS: ReadonlyMap<string, ExpectedReplay> = new Map([
  ...scenarioReplays(),
  ...Object.entries(REFERENCE_REPLAYS),
]);
