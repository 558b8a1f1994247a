/// <reference types="vite/client" />

/**
 * The reference logs of the harness (copied from shared/reference-logs), by directory name, with
 * their `{{cwd}}` snapshot placeholder replaced by a literal path, as real logs hold.
 */
const MODULES = import.meta.glob<string>('../../../../stories/fixtures/reference-logs/*/session.jsonl', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const LOGS: ReadonlyMap<string, string> = new Map(Object.entries(MODULES).map(([file, text]) => [/\/reference-logs\/([^/]+)\//.exec(file)?.[1] ?? file, text]));

export const REFERENCE_LOG_NAMES: readonly string[] = [...LOGS.keys()].sort();

export function referenceLog(name: string, cwd: string): string {
  const text = LOGS.get(name);
  if (text === undefined) throw new Error(`no reference log ${name}`);
  return text.replaceAll('{{cwd}}', cwd);
}
