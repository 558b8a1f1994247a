/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function source(path: string): string {
  return readFileSync(join(import.meta.dirname, '../..', path), 'utf8');
}

/** The first code block after `heading`. */
function firstCodeBlockAfter(markdown: string, heading: string): string {
  const section = markdown.slice(markdown.indexOf(heading));
  const match = /```tsx\n([\s\S]*?)```\n/.exec(section);
  if (match?.[1] === undefined) throw new Error(`No tsx block after ${heading}`);
  return match[1];
}

describe('the README’s "Your own tool card"', () => {
  it('shows the code the story runs (stories/plugins/screenshot-card.tsx), word for word', () => {
    expect(firstCodeBlockAfter(source('README.md'), '## Your own tool card')).toBe(source('../../stories/plugins/screenshot-card.tsx'));
  });
});
