/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

/**
 * The package's entry points as published (DESIGN §6), checked on the sources: `./model` is pure
 * (a server imports it with no React), and styling reaches an app only through the one stylesheet
 * `./styles.css`. `pnpm run check:packages` checks the same on the built, packed files, and that
 * `src/styles.css` imports every stylesheet under `src/`.
 */
const SOURCES = import.meta.glob<string>('../../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
// Only the names matter here (Vitest reads CSS as empty); scripts/check-packages.mjs reads the stylesheets.
const STYLESHEETS = import.meta.glob('../../src/**/*.css');
const SRC = '../../src/';

function normalise(file: string): string {
  const parts: string[] = [];
  for (const part of file.split('/')) {
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function dirname(file: string): string {
  return file.slice(0, file.lastIndexOf('/'));
}

/** Static and dynamic import / re-export specifiers, type-only ones included (they still name modules). */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[\s;])(?:import|export)\s*(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const specifier = match[1] ?? match[2];
    if (specifier !== undefined) found.push(specifier);
  }
  return found;
}

function resolveRelative(from: string, specifier: string): string {
  const base = normalise(`${dirname(from)}/${specifier}`);
  const candidate = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => file in SOURCES || file in STYLESHEETS);
  if (candidate === undefined) throw new Error(`${from}: cannot resolve ${specifier}`);
  return candidate;
}

function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of specifiers(SOURCES[file] ?? '')) {
      if (specifier.startsWith('.')) queue.push(resolveRelative(file, specifier));
      else packages.add(specifier);
    }
  }
  return { files: [...files], packages: [...packages] };
}

describe('./model entry (pure)', () => {
  const graph = importGraph(`${SRC}model/index.ts`);

  it('reaches the model modules', () => {
    expect(graph.files).toContain(`${SRC}model/formats/toolcard/session-log.ts`);
    expect(graph.files.length).toBeGreaterThan(5);
  });

  it('imports no React, no React DOM, no React Query: only the pure hash the format adapters mint ids with', () => {
    expect(graph.packages.sort()).toEqual(['@noble/hashes/sha2.js', '@noble/hashes/utils.js']);
  });

  it('reaches no component, JSX or stylesheet', () => {
    const impure = graph.files.filter((file) => file.endsWith('.tsx') || file.endsWith('.css') || !file.startsWith(`${SRC}model/`));
    expect(impure).toEqual([]);
  });
});

describe('one stylesheet', () => {
  it('no source module imports CSS', () => {
    const cssImports = Object.entries(SOURCES).flatMap(([file, code]) =>
      specifiers(code)
        .filter((specifier) => /\.css($|\?)/.test(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(cssImports).toEqual([]);
  });
});
