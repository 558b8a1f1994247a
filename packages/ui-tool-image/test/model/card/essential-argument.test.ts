import { describe, expect, it } from 'vitest';
import { essentialArgument } from '../../../src/model/card/essential-argument';

const PATCH = ['*** Begin Patch', '*** Update File: src/app.ts', '@@', '-a', '+b', '*** Add File: src/new.ts', '+x', '*** End Patch'].join('\n');

describe('essentialArgument', () => {
  it.each([
    ['harness bash', 'bash', { command: 'pnpm test' }, 'pnpm test'],
    ['Claude Code Bash', 'Bash', { command: 'git status', description: 'Show status' }, 'git status'],
    ['a multi-line command: its first line, marked', 'Bash', { command: 'cd src\nls -la' }, 'cd src …'],
    ['Codex shell through bash -lc', 'shell', { command: ['bash', '-lc', 'rg -n TODO'] }, 'rg -n TODO'],
    ['Codex shell through /bin/zsh -c', 'shell', { command: ['/bin/zsh', '-c', 'make'] }, 'make'],
    ['Codex shell, a plain argv', 'shell', { command: ['ls', '-la', 'src'] }, 'ls -la src'],
    ['Claude Code Grep', 'Grep', { pattern: 'useLabels', path: 'src' }, 'useLabels'],
    ['Claude Code Glob', 'Glob', { pattern: '**/*.tsx' }, '**/*.tsx'],
    ['Codex apply_patch: the files it touches', 'apply_patch', { input: PATCH }, 'src/app.ts, src/new.ts'],
    ['Codex web_search, a search', 'web_search', { type: 'search', query: 'vite 7 release', queries: ['vite 7 release'] }, 'vite 7 release'],
    ['Codex web_search, a page opened', 'web_search', { type: 'open_page', url: 'https://vite.dev/blog' }, 'https://vite.dev/blog'],
    ['Codex web_search, a text found in a page', 'web_search', { type: 'find_in_page', url: 'https://vite.dev/blog', pattern: 'Rolldown' }, 'Rolldown'],
    ['Codex tool_search', 'tool_search', { query: 'calendar' }, 'calendar'],
    ['Claude Code WebSearch', 'WebSearch', { query: 'pixelmatch threshold' }, 'pixelmatch threshold'],
    ['Claude Code WebFetch: the address', 'WebFetch', { url: 'https://example.com/a', prompt: 'Summarise it' }, 'https://example.com/a'],
  ])('%s', (_case, name, args, shown) => {
    expect(essentialArgument(name, args)).toBe(shown);
  });

  it.each([
    ['another tool', 'TodoWrite', { url: 'https://example.com', command: 'x', query: 'y' }],
    ['a web search that says nothing searched', 'web_search', { type: 'search', query: ' ', queries: [] }],
    ['a fetch without an address', 'WebFetch', { prompt: 'Summarise it' }],
    ['a blank command', 'bash', { command: '  ' }],
    ['a command of another type', 'shell', { command: [1, 2] }],
    ['an empty argv', 'shell', { command: [] }],
    ['a patch that names no file', 'apply_patch', { input: '*** Begin Patch\n*** End Patch' }],
    ['a search without a pattern', 'Grep', { path: 'src' }],
    ['a file tool (its path is the row’s path)', 'Read', { file_path: '/w/src/a.ts' }],
  ])('none for %s', (_case, name, args) => {
    expect(essentialArgument(name, args)).toBeNull();
  });
});
