import { readFile, writeFile } from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useAttachmentServers } from '../http/attachment-server.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { CaseContext, type BadInputCase, type Outcome } from './bad-input-case.ts';
import { renderTable, stableMessage, tableIn } from './bad-input-table.ts';
import { BAD_INPUT_CATALOGUE } from './catalogue.ts';

/** The Reliability docs page, which shows the table in Storybook. */
const RELIABILITY_PAGE = new URL('../../../../docs/pages/06-reliability.mdx', import.meta.url);
/** `pnpm run docs:bad-inputs` sets it: write the table into the page instead of checking it. */
const WRITE_TABLE = process.env.TOOLCARD_WRITE_BAD_INPUTS === '1';

const tempDir = useTempDirs();
const startServer = useAttachmentServers();
const outcomes = new Map<BadInputCase, Outcome>();
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.stop();
});

async function outcomeOf(badInput: BadInputCase): Promise<Outcome> {
  const context = await CaseContext.create(tempDir, startServer, s3);
  const { code, message } = await badInput.run(context);
  const dirs = { workspace: context.workspace, outside: context.outside, store: context.storeDir };
  const outcome = { code, message: stableMessage(message, dirs) };
  outcomes.set(badInput, outcome);
  return outcome;
}

describe('bad inputs: every case gives its code and a message that says what to do', () => {
  it.each(BAD_INPUT_CATALOGUE.map((badInput) => [`${badInput.group}: ${badInput.name}`, badInput] as const))('%s', async (_, badInput) => {
    const outcome = await outcomeOf(badInput);
    expect(outcome.code).toBe(badInput.code);
    expect(outcome.message).toMatch(badInput.says);
  });
});

describe('bad inputs: the Reliability page table', () => {
  it('lists at least 40 distinct cases', () => {
    const names = BAD_INPUT_CATALOGUE.map((badInput) => `${badInput.group}: ${badInput.name}`);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it('is exactly what running the cases produces (`pnpm run docs:bad-inputs` rewrites it)', async () => {
    const rows = [];
    for (const badInput of BAD_INPUT_CATALOGUE) {
      rows.push({ badInput, outcome: outcomes.get(badInput) ?? (await outcomeOf(badInput)) });
    }
    const page = await readFile(RELIABILITY_PAGE, 'utf8');
    const table = renderTable(rows);
    if (WRITE_TABLE) await writeFile(RELIABILITY_PAGE, page.replace(tableIn(page), table));
    else expect(tableIn(page).split('\n'), 'the Reliability page bad-input table is stale: run `pnpm run docs:bad-inputs`').toEqual(table.split('\n'));
  });
});
