/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';

/**
 * The reference logs of the harness, by directory name, with their `{{cwd}}` snapshot placeholder
 * replaced by a literal path, as real logs hold. They are another project's files: read from
 * `../shared/reference-logs/` beside the repository, never copied into it. Where that folder is not
 * there (a clone on its own) the tests that read them are skipped, and say so.
 */
const SHOWN_AS = '../shared/reference-logs';
// Paths, not `new URL(…, import.meta.url)`: happy-dom replaces the global URL with its own.
const DIR = join(import.meta.dirname, '../../../..', SHOWN_AS);

export const REFERENCE_LOGS_FOUND = existsSync(DIR);
const SKIPPED = `${SHOWN_AS} not found: reference-log tests skipped`;
if (!REFERENCE_LOGS_FOUND) console.warn(SKIPPED);

const LOGS: ReadonlyMap<string, string> = new Map(
  REFERENCE_LOGS_FOUND
    ? readdirSync(DIR, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(DIR, entry.name, 'session.jsonl')))
        .map((entry) => [entry.name, readFileSync(join(DIR, entry.name, 'session.jsonl'), 'utf8')])
    : [],
);

export const REFERENCE_LOG_NAMES: readonly string[] = [...LOGS.keys()].sort();

export function referenceLog(name: string, cwd: string): string {
  const text = LOGS.get(name);
  if (text === undefined) throw new Error(`no reference log ${name} in ${SHOWN_AS}`);
  return text.replaceAll('{{cwd}}', cwd);
}

/** `it`, skipped when the reference logs are not there. */
export const itWithReferenceLogs = it.skipIf(!REFERENCE_LOGS_FOUND);

/**
 * `describe` for a group that reads the reference logs. Without them its body is not run (a skipped
 * group's body still is, and may read a log): one skipped test in its place names the missing folder.
 */
export function describeWithReferenceLogs(title: string, body: () => void): void {
  if (REFERENCE_LOGS_FOUND) describe(title, body);
  else
    describe.skip(title, () => {
      it.skip(SKIPPED, () => undefined);
    });
}
