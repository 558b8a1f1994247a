export interface PathDisplayOptions {
  /** The session's working directory (absolute POSIX path); paths inside it are shown relative to it. */
  readonly cwd?: string;
  /** The user's home directory (absolute POSIX path); other paths inside it are shown with `~`. */
  readonly home?: string;
}

/** An absolute POSIX directory without trailing slashes, or `null` when `dir` is unusable as a base. */
function baseDirectory(dir: string | undefined): string | null {
  if (!dir?.startsWith('/')) return null;
  // A loop, not /\/+$/: that regex is quadratic on a long run of inner slashes.
  let end = dir.length;
  while (end > 1 && dir.endsWith('/', end)) end -= 1;
  return dir.slice(0, end);
}

/** The part of `path` below `dir`: `''` for `dir` itself, `null` when `path` is outside it. */
function pathBelow(path: string, dir: string): string | null {
  if (path === dir) return '';
  const prefix = dir === '/' ? '/' : `${dir}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : null;
}

/**
 * How a file path is shown to people: relative to `cwd` when inside it (`.` for `cwd` itself),
 * else `~`-abbreviated when inside `home`, else unchanged. Only absolute POSIX paths are
 * shortened: relative and Windows-looking paths (`C:\…`, `\\server\…`) never start with a POSIX
 * base directory, so they are shown unchanged. No path is normalised or resolved.
 */
export function displayPath(path: string, { cwd, home }: PathDisplayOptions): string {
  const cwdBase = baseDirectory(cwd);
  const insideCwd = cwdBase === null ? null : pathBelow(path, cwdBase);
  if (insideCwd !== null) return insideCwd === '' ? '.' : insideCwd;
  const homeBase = baseDirectory(home);
  // A home of `/` would abbreviate every absolute path, which tells the reader nothing.
  const insideHome = homeBase === null || homeBase === '/' ? null : pathBelow(path, homeBase);
  if (insideHome !== null) return insideHome === '' ? '~' : `~/${insideHome}`;
  return path;
}

/** A display path cut before its file name, so a UI can shorten the directory and keep the name. */
export interface PathParts {
  /** Everything up to and including the last separator (`/` or `\`); `''` for a bare name. */
  readonly directory: string;
  /** The last segment; the whole path when it ends with a separator or has none. */
  readonly name: string;
}

export function pathParts(path: string): PathParts {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1;
  if (cut === 0 || cut === path.length) return { directory: '', name: path };
  return { directory: path.slice(0, cut), name: path.slice(cut) };
}
