import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Paths, not `new URL(…, import.meta.url)`: happy-dom replaces the global URL with its own.
const HEADERS_DIR = join(import.meta.dirname, '../../fixtures/headers');
const WORKSPACE_DIR = join(import.meta.dirname, '../../../../../stories/fixtures/workspace');

/** Real image files written by sharp (test/fixtures/headers, one per header layout). */
export function headerFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(HEADERS_DIR, name)));
}

/** An image of the recorded sessions' workspace. */
export function workspaceImage(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(WORKSPACE_DIR, path)));
}

export function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}
