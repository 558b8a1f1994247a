#!/usr/bin/env node
/**
 * Serves the real read_image tool over MCP: stdio by default, or Streamable HTTP on 127.0.0.1.
 *
 *   toolcard-mcp --root DIR --store DIR [--modalities text,image]
 *                [--http [--host H] [--port N] [--token-file F]]   (or env TOOLCARD_MCP_TOKEN)
 *
 * Over stdio, stdout carries only MCP messages; everything else goes to stderr.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ConfigModelResolver, LocalAttachmentStore, LocalFileSystem } from '../src/index.ts';
import { isLoopbackHost } from '../src/http/loopback.ts';

const ROUTE = { provider: 'mcp', model: 'mcp-client' };
const USAGE = [
  'usage: toolcard-mcp --root DIR --store DIR [--modalities text,image]',
  '                    [--http [--host 127.0.0.1] [--port 0-65535] [--token-file FILE]]',
  '  --root        the workspace: relative file_path arguments resolve against it, and no read leaves it',
  '  --store       the attachment store directory (created when missing)',
  "  --modalities  the client model's input modalities; without image every read is refused (default text,image)",
  '  --http        serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (default port 0: a free one)',
  '  --host        the address to bind (default 127.0.0.1); any other than loopback needs a token',
  '  --token-file  require "Authorization: Bearer <token>" with the token in FILE (or set TOOLCARD_MCP_TOKEN)',
].join('\n');

class UsageError extends Error {}

interface Config {
  readonly root: string;
  readonly store: string;
  readonly modalities: string[];
  readonly http?: { readonly host: string; readonly port: number; readonly token?: string };
}

function parseConfig(argv: string[]): Config | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      root: { type: 'string' },
      store: { type: 'string' },
      modalities: { type: 'string', default: 'text,image' },
      http: { type: 'boolean', default: false },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '0' },
      'token-file': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  // pnpm runs scripts from the package folder; INIT_CWD is where the user typed the command.
  const base = process.env.INIT_CWD ?? process.cwd();
  if (values.root === undefined) throw new UsageError('--root DIR is required');
  if (values.store === undefined) throw new UsageError('--store DIR is required');
  const root = path.resolve(base, values.root);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`--root ${root} is not a directory`);
  const modalities = values.modalities
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  if (modalities.length === 0) throw new UsageError('--modalities must name at least one modality, e.g. text,image');
  const config = { root, store: path.resolve(base, values.store), modalities };
  const httpOnly = ['host', 'port', 'token-file'].filter((flag) => argv.some((arg) => arg === `--${flag}` || arg.startsWith(`--${flag}=`)));
  if (!values.http) {
    if (httpOnly.length > 0) throw new UsageError(`--${httpOnly[0]} needs --http`);
    return config;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65_535) throw new UsageError('--port must be an integer from 0 to 65535');
  const tokenFile = values['token-file'];
  const token = readToken(tokenFile === undefined ? undefined : path.resolve(base, tokenFile));
  if (token === undefined && !isLoopbackHost(values.host)) {
    throw new UsageError(`--host ${values.host} serves beyond this machine: require a token (--token-file FILE or TOOLCARD_MCP_TOKEN)`);
  }
  return { ...config, http: { host: values.host, port, ...(token === undefined ? {} : { token }) } };
}

function readToken(file: string | undefined): string | undefined {
  const raw = file === undefined ? process.env.TOOLCARD_MCP_TOKEN : readFileOrRefuse(file);
  if (raw === undefined) return undefined;
  const token = raw.trim();
  if (token === '' || /\s/.test(token)) {
    throw new UsageError(`${file === undefined ? 'TOOLCARD_MCP_TOKEN' : `--token-file ${file}`} must hold one token with no spaces`);
  }
  return token;
}

function readFileOrRefuse(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--token-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

async function main(): Promise<number> {
  let config: Config | 'help';
  try {
    config = parseConfig(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    console.error(`toolcard-mcp: ${error.message}\n${USAGE}`);
    return 2;
  }
  if (config === 'help') {
    console.log(USAGE);
    return 0;
  }
  // The SDK is an optional peer: load it only now, and say how to get it when it is missing.
  let mcp: typeof import('../src/mcp/index.ts');
  try {
    mcp = await import('../src/mcp/index.ts');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.error(`toolcard-mcp: ${(error as Error).message}\ninstall the MCP peers beside this package: npm install @modelcontextprotocol/sdk zod`);
    return 1;
  }
  const deps = {
    fs: new LocalFileSystem({ roots: [config.root] }),
    attachments: new LocalAttachmentStore({ dir: config.store }),
    models: new ConfigModelResolver([{ ...ROUTE, inputModalities: config.modalities }]),
    cwd: config.root,
    route: ROUTE,
  };
  const createServer = () => mcp.createReadImageMcpServer(deps);

  if (!config.http) {
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    await createServer().connect(new StdioServerTransport());
    console.error(`toolcard-mcp: serving read_image over stdio (root ${config.root}, store ${config.store})`);
    return 0;
  }
  // Not part of the ./mcp entry: the bin's own HTTP server (the SDK loaded fine above).
  const { startMcpHttpServer } = await import('../src/mcp/mcp-http-server.ts');
  const running = await startMcpHttpServer({ createMcpServer: createServer, ...config.http });
  // The one line a launcher waits for (port 0 picks a free port).
  console.log(`toolcard-mcp: listening on ${running.url.href}${config.http.token === undefined ? '' : ' (bearer token required)'}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

process.exitCode = await main();
