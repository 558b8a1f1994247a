import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import { REVIEW_SUFFIX } from '../reviews/review-file.ts';

/** A path given on the command line: a session file, or a folder searched for them. */
export interface SessionRoot {
  /** Absolute, symlinks resolved: files are served only from under it. */
  readonly path: string;
  readonly kind: 'file' | 'folder';
  /**
   * With several roots, the root's name unique among them: a folder's files' ids start with it
   * (`<name>/…`), a file's id is it. Undefined for the only root.
   */
  readonly name: string | undefined;
  /**
   * A file root's name as the index shows it: with as many of its folders as tell it apart from
   * the other files given by the same name (`golden/session.jsonl`, `new/session.jsonl`).
   */
  readonly shownAs: string | undefined;
}

/** A file that may be a session (its content decides, see SessionIndex), and the id it is listed by. */
export interface CandidateFile {
  readonly path: string;
  readonly root: SessionRoot;
  /** The path relative to the root's folder, '/'-separated (a file given alone: its own name). */
  readonly file: string;
  readonly id: string;
  /** Given on its own: listed whatever its content. */
  readonly explicit: boolean;
  /** Whether its folder's listing held its review file beside it (undefined: not listed, look). */
  readonly reviewBeside?: boolean;
}

const CANDIDATE = /\.jsonl?$/;
/** Claude Code 2.1.x writes a session's subagents in `<sessionId>/subagents/`: they belong to their parent's row. */
const SUBAGENTS_FOLDER = 'subagents';

/**
 * The roots for `paths`, resolved; with more than one, each is named by its last path segment,
 * made unique in the order given (`logs`, `logs-2`): a folder's ids are `<name>/<relative path>`
 * (always with a '/'), a file's its name (never with one), so ids cannot collide, and stay the same
 * across restarts for the same paths. A path given twice is one root.
 */
export async function sessionRoots(paths: readonly string[]): Promise<SessionRoot[]> {
  const resolved: { path: string; kind: 'file' | 'folder' }[] = [];
  for (const given of paths) {
    const absolute = await realpath(path.resolve(given));
    const kind = (await stat(absolute)).isDirectory() ? 'folder' : 'file';
    if (!resolved.some((root) => root.path === absolute)) resolved.push({ path: absolute, kind });
  }
  const used = new Set<string>();
  const files = resolved.filter((root) => root.kind === 'file').map((root) => root.path);
  return resolved.map((root) => {
    const shownAs = root.kind === 'file' ? distinctTail(root.path, files) : undefined;
    if (resolved.length === 1) return { ...root, name: undefined, shownAs };
    const base = path.basename(root.path) || 'root';
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base}-${String(n)}`;
    used.add(name);
    return { ...root, name, shownAs };
  });
}

/** The last segments of `file` ('/'-separated), as few as no other of `files` ends with. */
function distinctTail(file: string, files: readonly string[]): string {
  const segments = file.split(path.sep);
  const others = files.filter((other) => other !== file).map((other) => other.split(path.sep));
  let count = 1;
  const endsSame = (other: string[]) => count <= other.length && other.slice(-count).join('/') === segments.slice(-count).join('/');
  while (count < segments.length && others.some(endsSame)) count += 1;
  return segments.slice(-count).join('/');
}

function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** False for a path (relative to a folder root, '/'-separated) a listing never looks in: under a hidden folder or `node_modules`, or itself hidden. */
export function isSearchedPath(relative: string): boolean {
  return !relative.split('/').some(isSkippedFolder);
}

function isCandidateName(name: string): boolean {
  return CANDIDATE.test(name) && !name.endsWith(REVIEW_SUFFIX) && !name.startsWith('.');
}

/** `<sessionId>/subagents/` beside `<sessionId>.jsonl`: Claude Code's, read with the transcript (a folder of that name elsewhere is searched). */
async function isSubagentsFolder(rootPath: string, parent: string, name: string): Promise<boolean> {
  if (name !== SUBAGENTS_FOLDER || parent === '') return false;
  try {
    return (await stat(path.join(rootPath, `${parent}.jsonl`))).isFile();
  } catch {
    return false;
  }
}

/**
 * The candidate session files under `root`, in a stable order: a file root is itself; a folder is
 * searched recursively for `.jsonl` and `.json` files, skipping review sidecars, subagent folders,
 * hidden folders and `node_modules`. Symlinks are not followed (a link could lead out of the root,
 * or in a circle); a folder that cannot be read is skipped.
 */
export async function candidateFiles(root: SessionRoot): Promise<CandidateFile[]> {
  if (root.kind === 'file') {
    const file = root.shownAs ?? path.basename(root.path);
    return [{ path: root.path, root, file, id: root.name ?? path.basename(root.path), explicit: true }];
  }
  const found: CandidateFile[] = [];
  const pending = [''];
  for (let relative = pending.pop(); relative !== undefined; relative = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root.path, relative), { withFileTypes: true });
    } catch {
      continue;
    }
    const names = new Set(entries.map((entry) => entry.name));
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory() && !isSkippedFolder(entry.name) && !(await isSubagentsFolder(root.path, relative, entry.name))) pending.push(child);
      else if (entry.isFile() && isCandidateName(entry.name)) {
        const id = root.name === undefined ? child : `${root.name}/${child}`;
        found.push({ path: path.join(root.path, child), root, file: child, id, explicit: false, reviewBeside: names.has(`${entry.name}${REVIEW_SUFFIX}`) });
      }
    }
  }
  return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
