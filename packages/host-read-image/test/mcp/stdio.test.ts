import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

import { solid } from '../support/test-images.ts';
import { useTempDirs } from '../support/temp-workspace.ts';
import { binCommand, expectReadImageListed, expectStoredImageResult, expectToolError, writeFileIn } from './mcp-test-support.ts';

const tempDir = useTempDirs();
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** Spawns `toolcard-mcp` over stdio with the SDK's real client. */
async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(new StdioClientTransport({ ...binCommand(args), stderr: 'pipe' }));
  return client;
}

async function workspace() {
  const root = await tempDir();
  const store = await tempDir();
  await writeFileIn(root, 'shots/red.png', await solid(3, 2, 'png'));
  await writeFileIn(root, 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { root, store };
}

describe('toolcard-mcp over stdio', () => {
  it('lists read_image with its schema and returns the envelope and the stored image', async () => {
    const { root, store } = await workspace();
    const client = await connect(['--root', root, '--store', store]);

    await expectReadImageListed(client);
    const result = (await client.callTool({ name: 'read_image', arguments: { file_path: 'shots/red.png' } })) as CallToolResult;
    await expectStoredImageResult(result, store, path.join(root, 'shots/red.png'));
  });

  it('refuses as tool errors: a text-only model, an .svg, a path outside the root, a wrong argument', async () => {
    const { root, store } = await workspace();
    const textOnly = await connect(['--root', root, '--store', store, '--modalities', 'text']);
    expectToolError(
      (await textOnly.callTool({ name: 'read_image', arguments: { file_path: 'shots/red.png' } })) as CallToolResult,
      'does not declare image input; switch to an image-capable model',
      { name: 'ReadImageError', code: 'MODEL_NO_IMAGE_INPUT' },
    );

    const client = await connect(['--root', root, '--store', store]);
    expectToolError(
      (await client.callTool({ name: 'read_image', arguments: { file_path: 'logo.svg' } })) as CallToolResult,
      'cannot read "logo.svg" as an image: the extension ".svg" is not an image type',
      { name: 'ReadImageError', code: 'UNSUPPORTED_IMAGE_EXTENSION' },
    );
    expectToolError(
      (await client.callTool({ name: 'read_image', arguments: { file_path: '../elsewhere.png' } })) as CallToolResult,
      'the path resolves outside the workspace',
      { name: 'FsError', code: 'FS_OUTSIDE_WORKSPACE' },
    );
    // The SDK checks arguments against the tool's schema before the tool runs: still a tool error.
    expectToolError((await client.callTool({ name: 'read_image', arguments: { file_path: 7 } })) as CallToolResult, 'file_path');
  });

  it('refuses bad flags before serving, naming the flag', async () => {
    const { root } = await workspace();
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    const transport = new StdioClientTransport({ ...binCommand(['--root', root]), stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect(client.connect(transport)).rejects.toThrow();
    expect(stderr).toContain('toolcard-mcp: --store DIR is required');
  });
});
