import { REFERENCE_LOG_TEXTS } from '../support/reference-logs';

/**
 * Every recorded session and every reference log (when `../shared/reference-logs` is there), found
 * at build time: adding a `.jsonl` file adds an option to the replay story with no code change.
 * Reference logs hold a `{{cwd}}` placeholder, replaced by a fixed working directory.
 */
export const REPLAY_CWD = '/home/qa/project';

const SESSIONS = import.meta.glob<string>('../fixtures/sessions/*.jsonl', { query: '?raw', import: 'default', eager: true });

/** A log's text with the reference logs' `{{cwd}}` placeholder filled in. */
export function withReplayCwd(text: string): string {
  return text.replaceAll('{{cwd}}', REPLAY_CWD);
}

function named(modules: Readonly<Record<string, string>>, prefix: string, pattern: RegExp): [string, string][] {
  return Object.entries(modules).map(([path, text]) => {
    const name = pattern.exec(path)?.[1] ?? path;
    return [`${prefix}/${name}`, withReplayCwd(text)];
  });
}

/** Log name (`sessions/<scenario>` or `reference/<name>`) → log text, sorted by name. */
export const DISCOVERED_LOGS: ReadonlyMap<string, string> = new Map(
  [
    ...named(SESSIONS, 'sessions', /\/sessions\/([^/]+)\.jsonl$/),
    ...named(REFERENCE_LOG_TEXTS, 'reference', /\/reference-logs\/([^/]+)\/session\.jsonl$/),
  ].sort(([a], [b]) => a.localeCompare(b)),
);

export const LOG_NAMES: readonly string[] = [...DISCOVERED_LOGS.keys()];
