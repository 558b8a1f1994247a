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
  // Every reference log was recorded before `meta.path` existed: labels come from `file_path`.
  'reference/read-image': { imageCards: ['red.png'], distinctAttachments: 1 },
  'reference/read-image-dimension': { imageCards: ['wide.png'], distinctAttachments: 1 },
  'reference/read-image-text-route': {
    imageCards: [],
    distinctAttachments: 0,
    refusals: ['switch to an image-capable model to read images'],
  },
  // The nested card, and the same image again in the deferred context message the model saw next.
  'reference/code-mode-read-image': { imageCards: [], nestedImageCards: ['red.png'], distinctAttachments: 1, messageImages: 1 },
  // No tool at all: the image pasted into the prompt, between its two text blocks.
  'reference/inline-image-prompt': { imageCards: [], distinctAttachments: 1, messageImages: 1 },
};

function scenarioReplays(): [string, ExpectedReplay][] {
  return Object.entries(SCENARIOS).map(([file, scenario]) => {
    const name = /\/([^/]+)\.ts$/.exec(file)?.[1] ?? file;
    return [`sessions/${name}`, scenario.expected];
  });
}

/** Log name (`sessions/<scenario>` or `reference/<name>`) → what its replay must show. */
export const EXPECTED_REPLAYS: ReadonlyMap<string, ExpectedReplay> = new Map([...scenarioReplays(), ...Object.entries(REFERENCE_REPLAYS)]);
