import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * The public surface, by name: what `import … from '@toolcard/host-read-image'` (and `/mcp`) gives
 * at runtime, and the names that exist only as types. A change to either list is a change to the
 * package's API: make it here on purpose, and in the README's table.
 */
const SURFACE = {
  'src/index.ts': {
    runtime: [
      'AttachmentError',
      'ConfigModelResolver',
      'FileSink',
      'FsError',
      'InvalidOptionError',
      'LocalAttachmentStore',
      'LocalFileSystem',
      'MemorySink',
      'ReadImageError',
      'ReferencedIdsTracker',
      'S3AttachmentStore',
      'SessionRecorder',
      'ToolRegistry',
      'createAttachmentHandler',
      'createHostGuard',
      'createReadImageTool',
      'directorySessionSource',
      'isLoopbackHost',
      'matchAttachmentRoute',
      'registerReadImage',
    ],
    types: [
      'AssistantMessageRecord',
      'AttachmentErrorCode',
      'AttachmentHandler',
      'AttachmentHandlerOptions',
      'AttachmentRef',
      'AttachmentRoute',
      'AttachmentStore',
      'Clock',
      'CodedAttachmentError',
      'ConfiguredModel',
      'ContentBlock',
      'FileSystem',
      'FsErrorCode',
      'FsObservation',
      'FsStat',
      'FsTarget',
      'HostGuard',
      'IdSource',
      'ImageLimits',
      'ImageMediaType',
      'LocalAttachmentStoreOptions',
      'LocalFileSystemOptions',
      'LogSink',
      'ModelInfo',
      'ModelResolver',
      'ModelRoute',
      'NestedDispatch',
      'ReadImageDeps',
      'ReadImageErrorCode',
      'ReadImageValue',
      'RecordStepInput',
      'RegisterReadImageDeps',
      'S3AttachmentStoreOptions',
      'SaveImageInput',
      'SessionLogOptions',
      'SessionLogSource',
      'SignedUrlOptions',
      'StoredImage',
      'Tool',
      'ToolCallRecord',
      'ToolExecContext',
      'ToolResult',
      'UserMessage',
    ],
  },
  'src/mcp/index.ts': {
    runtime: ['MCP_PRESENTATION_META_KEY', 'createReadImageMcpServer'],
    types: ['ReadImageMcpServerOptions'],
  },
} as const;

const ENTRY_MODULES: Record<keyof typeof SURFACE, () => Promise<object>> = {
  'src/index.ts': () => import('../src/index.ts'),
  'src/mcp/index.ts': () => import('../src/mcp/index.ts'),
};

/** Every name an entry exports, values and types, as the TypeScript compiler sees the module. */
function declaredExports(entry: string): string[] {
  const configPath = path.join(PACKAGE_DIR, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file)) as { config: unknown };
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, PACKAGE_DIR);
  const file = path.join(PACKAGE_DIR, entry);
  const program = ts.createProgram([file], { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`${entry} is not a module`);
  return checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.name);
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe.each(Object.keys(SURFACE) as (keyof typeof SURFACE)[])('the public surface of %s', (entry) => {
  it('lists its exports by name: no export *', async () => {
    const text = await readFile(path.join(PACKAGE_DIR, entry), 'utf8');
    expect(text).not.toMatch(/export\s+(type\s+)?\*/);
  });

  it('exports exactly these runtime values', async () => {
    expect(sorted(Object.keys(await ENTRY_MODULES[entry]()))).toEqual(sorted(SURFACE[entry].runtime));
  });

  it('exports exactly these type-only names', async () => {
    const runtime = new Set(Object.keys(await ENTRY_MODULES[entry]()));
    expect(sorted(declaredExports(entry).filter((name) => !runtime.has(name)))).toEqual(sorted(SURFACE[entry].types));
  });
});
