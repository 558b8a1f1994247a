/**
 * The other agents' session files the fixture generator wrote (stories/fixtures/agents/logs), by
 * path under that folder (a subagent's file is in one beside its transcript), found at build time. An unknown name throws, so a renamed or removed fixture fails the
 * story that needs it instead of replaying nothing.
 */
const TEXTS = import.meta.glob<string>('../fixtures/agents/logs/**/*.{jsonl,json}', { query: '?raw', import: 'default', eager: true });

export function agentLogText(file: string): string {
  const text = TEXTS[`../fixtures/agents/logs/${file}`];
  if (text === undefined) throw new Error(`No agent log fixture ${file}: run pnpm fixtures:record`);
  return text;
}
