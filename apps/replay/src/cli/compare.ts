import path from 'node:path';

import { sessionRoots } from '../workbench/session-files.ts';
import type { SessionIndex } from '../workbench/session-index.ts';

/** The ids the index lists two files by: each its own root, named as `sessionRoots` names them (the same file twice is one root, one session). */
export async function comparedSessionIds(a: string, b: string): Promise<{ readonly a: string; readonly b: string }> {
  const roots = await sessionRoots([a, b]);
  const [first, second = first] = roots.map((root) => root.name ?? path.basename(root.path));
  if (first === undefined || second === undefined) throw new Error('comparing needs two files');
  return { a: first, b: second };
}

/** The comparison page of two sessions of the index. */
export function compareUrl(serverUrl: string, ids: { readonly a: string; readonly b: string }): string {
  const url = new URL(serverUrl);
  url.search = new URLSearchParams({ compare: ids.a, with: ids.b }).toString();
  return url.href;
}

/** Resolves true once the index lists every id, false when its first pass ended without one (a file that is not a session). */
export async function listedAfterFirstPass(index: SessionIndex, ids: readonly string[]): Promise<boolean> {
  for (;;) {
    const { version, scanning } = index.answer();
    if (ids.every((id) => index.sessionById(id) !== undefined)) return true;
    if (!scanning) return false;
    await index.changed(version);
  }
}
