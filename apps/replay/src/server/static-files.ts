import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The page may talk to this server only; images come back as blobs (object URLs); no other site may frame it. */
const PAGE_POLICY =
  "default-src 'self'; img-src 'self' blob: data:; connect-src 'self' blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

interface StaticFile {
  readonly body: Buffer;
  readonly type: string;
}

/** url path → file */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

/**
 * The built viewer, read once: only the files the build wrote are ever served (but `unserved`, names
 * of files in `dir` itself), so no request path is joined onto the file system. `/` is `index.html`.
 */
export async function loadStaticFiles(dir: string, unserved: readonly string[] = []): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || (entry.parentPath === dir && unserved.includes(entry.name))) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(dir, absolute).split(path.sep).join('/')}`;
    files.set(urlPath, { body: await readFile(absolute), type: CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream' });
  }
  const index = files.get('/index.html');
  if (index !== undefined) files.set('/', index);
  return files;
}

/** Serves a GET/HEAD for a built file; false when `pathname` is not one. */
export function serveStatic(req: IncomingMessage, res: ServerResponse, files: StaticFiles, pathname: string): boolean {
  const file = files.get(pathname);
  if (file === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  // Hashed asset names never change content; the page itself is revalidated on every load.
  const hashed = pathname.startsWith('/assets/');
  res.writeHead(200, {
    'Content-Type': file.type,
    'Content-Length': file.body.byteLength,
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': PAGE_POLICY,
    // frame-ancestors' older twin, for browsers that predate it.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(req.method === 'HEAD' ? undefined : file.body);
  return true;
}
