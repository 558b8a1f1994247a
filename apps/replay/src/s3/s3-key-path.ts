import path from 'node:path';

/** Keys whose objects are mirrored: session files of every format, and their `.review.jsonl` sidecars (which end in `.jsonl` too). */
export function isMirroredKey(key: string): boolean {
  return key.endsWith('.jsonl') || key.endsWith('.json');
}

/** Where a key is put in the mirror folder, or why it is not: a key is any string, a path under the folder must stay under it. */
export type KeyPlace = { readonly path: string } | { readonly problem: string };

/**
 * The local path of `key` (which starts with `prefix`) in `folder`. Refused: a key that would
 * leave the folder or be read differently by the file system than by S3 — `..` or `.` segments,
 * an absolute path, empty segments (`a//b`), backslashes, NUL.
 */
export function localPathOfKey(folder: string, prefix: string, key: string): KeyPlace {
  if (!key.startsWith(prefix)) return { problem: `it is not under the prefix "${prefix}"` };
  const relative = key.slice(prefix.length);
  if (relative.includes('\\')) return { problem: 'it contains a backslash' };
  if (relative.includes('\0')) return { problem: 'it contains a NUL character' };
  if (relative.startsWith('/')) return { problem: 'it is an absolute path' };
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return { problem: 'it has a "." or ".." segment' };
  if (segments.some((segment) => segment === '')) return { problem: 'it has an empty segment' };
  const local = path.join(folder, ...segments);
  // Belt and braces: whatever the rules above missed must still land under the folder.
  if (!local.startsWith(path.join(folder, path.sep))) return { problem: 'it resolves outside the mirror folder' };
  return { path: local };
}

/** The key of a file of the mirror folder (the inverse of `localPathOfKey`), or undefined for a path outside it. */
export function keyOfLocalPath(folder: string, prefix: string, localPath: string): string | undefined {
  const relative = path.relative(folder, path.resolve(localPath));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return `${prefix}${relative.split(path.sep).join('/')}`;
}
