// Every foreign-format fixture the generator writes is replayed by a story: a file no story names
// would be recorded and checked for staleness, yet never rendered or asserted.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENT_LOGS } from '../../stories/fixtures/agents/agent-logs';

const STORIES_DIR = new URL('../../stories/agents/', import.meta.url).pathname;

function namedByStories(): Set<string> {
  const files = readdirSync(STORIES_DIR).filter((file) => file.endsWith('.stories.tsx'));
  const texts = files.map((file) => readFileSync(`${STORIES_DIR}${file}`, 'utf8'));
  return new Set(texts.flatMap((text) => Array.from(text.matchAll(/agentLogStory\('([^']+)'\)/g), ([, file]) => file ?? '')));
}

describe('Sessions stories', () => {
  it('name every agent log fixture, and only those', () => {
    expect([...namedByStories()].sort()).toEqual([...AGENT_LOGS.keys()].sort());
  });
});
