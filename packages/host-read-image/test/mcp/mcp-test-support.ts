import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { MCP_ERROR_META_KEY, MCP_PRESENTATION_META_KEY } from '../../src/mcp/read-image-mcp-server.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { formatEnvelope } from '../../src/tool/envelope.ts';
import { createReadImageTool } from '../../src/tool/read-image-tool.ts';
import { listTree } from '../support/temp-workspace.ts';

export const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = path.join(PACKAGE_DIR, 'bin/toolcard-mcp.ts');

/** The bin as the stdio transport spawns it: Node 20 runs its TypeScript through tsx's loader. */
export function binCommand(args: string[]): { command: string; args: string[]; cwd: string } {
  return { command: process.execPath, args: ['--import', 'tsx', BIN, ...args], cwd: PACKAGE_DIR };
}

export async function writeFileIn(root: string, name: string, data: Uint8Array | string): Promise<string> {
  const file = path.join(root, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return file;
}

/** The tool's own JSON Schema: what `listTools` must show for read_image. */
export function readImageParameters() {
  const models = new ConfigModelResolver([]);
  return createReadImageTool({ fs: new LocalFileSystem(), attachments: new LocalAttachmentStore({ dir: '/nonexistent' }), models }).parameters;
}

export async function expectReadImageListed(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['read_image']);
  const [tool] = tools;
  expect(tool?.inputSchema).toMatchObject(readImageParameters());
  expect(tool?.inputSchema.required).toEqual(['file_path']);
  expect(tool?.description).toContain('Read an image file');
}

/**
 * A successful call: the exact envelope for DISPLAY_PATH, then one image block whose bytes
 * hash to an object in the store dir (byte-identical), and the display path in `_meta`.
 */
export async function expectStoredImageResult(result: CallToolResult, storeDir: string, displayPath: string): Promise<void> {
  expect(result.isError).toBe(false);
  const [text, image, ...rest] = result.content;
  expect(rest).toEqual([]);
  if (image?.type !== 'image' || text?.type !== 'text') throw new Error(`expected [text, image], got ${JSON.stringify(result.content).slice(0, 300)}`);
  const bytes = Buffer.from(image.data, 'base64');
  const hex = createHash('sha256').update(bytes).digest('hex');
  expect(await listTree(path.join(storeDir, 'objects'))).toContain(hex);
  const stored = await new LocalAttachmentStore({ dir: storeDir }).readImage(`sha256:${hex}`);
  expect(Buffer.from(stored.data).equals(bytes)).toBe(true);
  expect(image.mimeType).toBe(stored.ref.mediaType);
  expect(text.text).toBe(formatEnvelope(displayPath, stored.ref));
  expect(result._meta).toEqual({ [MCP_PRESENTATION_META_KEY]: { path: displayPath } });
}

/** A tool failure as a result (never a protocol error), carrying our message and, when the tool decided it, its code. */
export function expectToolError(result: CallToolResult, message: string, error?: { name: string; code: string }): void {
  expect(result.isError).toBe(true);
  expect(result._meta).toEqual(error === undefined ? undefined : { [MCP_ERROR_META_KEY]: error });
  expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining(message) as string }]);
  expect(JSON.stringify(result.content)).not.toContain('"image"');
}
