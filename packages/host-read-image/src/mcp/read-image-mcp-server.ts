import { createRequire } from 'node:module';

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import { checkOption, NON_EMPTY_PATH, NON_EMPTY_STRING, OPTIONS_OBJECT } from '../options/check-option.ts';
import type { AttachmentStore } from '../seams/attachment-store.ts';
import type { ModelRoute } from '../seams/model-resolver.ts';
import type { Tool, ToolResult } from '../seams/tool.ts';
import { checkReadImageDeps, createReadImageTool, type ReadImageDeps } from '../tool/read-image-tool.ts';

/**
 * `_meta` key of a result's presentation facts (`{path}`, the display path the card is
 * labelled with). MCP reserves un-prefixed and `modelcontextprotocol`/`mcp` prefixes, so ours
 * is reverse-DNS: `dev.toolcard/…`.
 */
export const MCP_PRESENTATION_META_KEY = 'dev.toolcard/presentation';
/** `_meta` key of a failure's `{name, code}` (e.g. `code: "aborted"` for a cancelled read). */
export const MCP_ERROR_META_KEY = 'dev.toolcard/error';

export interface ReadImageMcpServerOptions extends ReadImageDeps {
  /** The directory relative `file_path`s resolve against. */
  readonly cwd: string;
  /** The model route whose declared input modalities gate images. */
  readonly route: ModelRoute;
  /** Reported to clients on initialize; defaults to `toolcard-read-image` and this package's version. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
}

const OWNER = 'createReadImageMcpServer';

/** Read through the package's own name (its `./package.json` export), so it is right from `src/` and from `dist/`. */
const { version: PACKAGE_VERSION } = createRequire(import.meta.url)('@toolcard/host-read-image/package.json') as { readonly version: string };
const DEFAULT_SERVER_INFO = { name: 'toolcard-read-image', version: PACKAGE_VERSION };

/**
 * The SDK's `McpServer` with `read_image` registered from the same tool object as
 * `createReadImageTool`: its name, description and JSON Schema are the tool's own, each call
 * runs the tool's `execute` with the request's abort signal, and the result's stored images
 * are sent as MCP `image` blocks. Connect it to any SDK transport.
 */
export function createReadImageMcpServer(options: ReadImageMcpServerOptions): McpServer {
  checkOption(OWNER, 'options', options, OPTIONS_OBJECT);
  const { cwd, route, serverInfo = DEFAULT_SERVER_INFO, ...deps } = options;
  checkReadImageDeps(OWNER, deps);
  checkOption(OWNER, 'cwd', cwd, NON_EMPTY_PATH);
  checkOption(OWNER, 'route', route, OPTIONS_OBJECT);
  checkOption(OWNER, 'route.provider', route.provider, NON_EMPTY_STRING);
  checkOption(OWNER, 'route.model', route.model, NON_EMPTY_STRING);
  checkOption(OWNER, 'serverInfo', serverInfo, OPTIONS_OBJECT);
  checkOption(OWNER, 'serverInfo.name', serverInfo.name, NON_EMPTY_STRING);
  checkOption(OWNER, 'serverInfo.version', serverInfo.version, NON_EMPTY_STRING);
  const tool = createReadImageTool(deps);
  const server = new McpServer({ name: serverInfo.name, version: serverInfo.version });
  server.registerTool(tool.name, { description: tool.description, inputSchema: inputSchemaOf(tool) }, async (args, extra) => {
    const result = await tool.execute(args, { callId: `mcp-${String(extra.requestId)}`, cwd, route, signal: extra.signal });
    return toCallToolResult(result, deps.attachments, extra.signal);
  });
  return server;
}

/** The tool's own JSON Schema as the zod schema the SDK validates with and lists (no second definition). */
function inputSchemaOf(tool: Tool) {
  return z.fromJSONSchema(structuredClone(tool.parameters) as z.core.JSONSchema.JSONSchema);
}

/** Our result as MCP content: text blocks as they are, each stored image as base64 of its stored bytes. */
async function toCallToolResult(result: ToolResult, attachments: AttachmentStore, signal?: AbortSignal): Promise<CallToolResult> {
  const content: CallToolResult['content'] = [];
  for (const block of result.content) {
    if (block.type === 'text') {
      content.push({ type: 'text', text: block.text });
    } else {
      const stored = await attachments.readImage(block.attachment.attachmentId, signal);
      content.push({ type: 'image', data: Buffer.from(stored.data).toString('base64'), mimeType: stored.ref.mediaType });
    }
  }
  const meta = {
    ...(result.meta ? { [MCP_PRESENTATION_META_KEY]: { path: result.meta.path } } : {}),
    ...(result.error ? { [MCP_ERROR_META_KEY]: { name: result.error.name, code: result.error.code } } : {}),
  };
  return { content, isError: result.isError, ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) };
}
