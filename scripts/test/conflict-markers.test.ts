// A merge conflict left in a tracked file: Markdown and MDX take the markers as text (Prettier even
// reformats `>>>>>>>` into a quote), so neither the formatter nor a build notices one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const REPO = new URL('../..', import.meta.url).pathname;
/** The markers git writes, and the quote Prettier makes of `>>>>>>>` in Markdown. */
const MARKER = /^(?:<{7}|>{7}|(?:> ){6}>)(?: |$)|^={7}$/m;

function conflictedLines(text: string): string[] {
  return text.split('\n').filter((line) => MARKER.test(line));
}

describe('no merge conflict left in the repository', () => {
  it('finds the markers git writes and the one Prettier rewrites', () => {
    expect(conflictedLines('a\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n')).toHaveLength(3);
    expect(conflictedLines('| row |\n\n> > > > > > > wbverdict\n')).toHaveLength(1);
    expect(conflictedLines('=== heading ===\n> quoted\n<<< not seven\n')).toEqual([]);
  });

  it('no tracked text file holds one', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' })
      .split('\0')
      .filter((file) => /\.(?:[cm]?[jt]sx?|mdx?|json|ya?ml|css|html)$/.test(file));
    const found = files.flatMap((file) => conflictedLines(readFileSync(`${REPO}${file}`, 'utf8')).map((line) => `${file}: ${line}`));
    expect(found).toEqual([]);
  });
});
