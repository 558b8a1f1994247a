import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LocalFileSystem } from '../../src/fs/local-file-system.ts';
import { createAttachmentHandler } from '../../src/http/attachment-handler.ts';
import { directorySessionSource } from '../../src/http/session-source.ts';
import { SessionLogWriter } from '../../src/log/session-log-writer.ts';
import { SessionRecorder } from '../../src/log/session-recorder.ts';
import { FileSink, MemorySink } from '../../src/log/sinks.ts';
import { startMcpHttpServer } from '../../src/mcp/mcp-http-server.ts';
import { createReadImageMcpServer } from '../../src/mcp/read-image-mcp-server.ts';
import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';
import { InvalidOptionError } from '../../src/options/invalid-option-error.ts';
import { LocalAttachmentStore } from '../../src/store/local/local-attachment-store.ts';
import { S3AttachmentStore } from '../../src/store/s3/s3-attachment-store.ts';
import { createReadImageTool } from '../../src/tool/read-image-tool.ts';
import { registerReadImage } from '../../src/tool/register-read-image.ts';
import { ToolRegistry } from '../../src/tool/tool-registry.ts';

/** Real parts; none of them does any I/O before its first call. */
const fs = new LocalFileSystem();
const attachments = new LocalAttachmentStore({ dir: '/nonexistent/toolcard-store' });
const models = new ConfigModelResolver([]);
const route = { provider: 'p', model: 'm' };
const sessions = { readLog: () => Promise.resolve(undefined) };
/** A value of the wrong type, as JavaScript callers (or `as` casts) can pass. */
const anything = (value: unknown): never => value as never;

/** A port another server holds: a factory that listened before checking its options would fail with EADDRINUSE instead. */
let heldPort: number;
let holder: http.Server;
beforeAll(async () => {
  holder = http.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  heldPort = (holder.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
});

/** The error a call throws or rejects with. */
async function refusalOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
}

type Row = readonly [string, () => unknown, string];

const ROWS: Record<string, readonly Row[]> = {
  LocalFileSystem: [
    ['options not an object', () => new LocalFileSystem(anything('/work')), 'LocalFileSystem: option options must be an options object, got "/work".'],
    [
      'roots not an array',
      () => new LocalFileSystem({ roots: anything('/work') }),
      'LocalFileSystem: option roots must be an array, each element a non-empty path, got "/work".',
    ],
    [
      'an empty root, which would be the working directory',
      () => new LocalFileSystem({ roots: ['/work', ''] }),
      'LocalFileSystem: option roots[1] must be a non-empty path, got "".',
    ],
  ],
  LocalAttachmentStore: [
    ['no options', () => new LocalAttachmentStore(anything(undefined)), 'LocalAttachmentStore: option options must be an options object, got undefined.'],
    [
      'dir empty, which would store in the working directory',
      () => new LocalAttachmentStore({ dir: '' }),
      'LocalAttachmentStore: option dir must be a non-empty path, got "".',
    ],
    ['dir missing', () => new LocalAttachmentStore(anything({})), 'LocalAttachmentStore: option dir must be a non-empty path, got undefined.'],
    ['dir with a NUL byte', () => new LocalAttachmentStore({ dir: 'a\0b' }), 'LocalAttachmentStore: option dir must be a non-empty path, got "a\\u0000b".'],
    [
      'limits not an object',
      () => new LocalAttachmentStore({ dir: 's', limits: anything(5) }),
      `LocalAttachmentStore: option limits must be an object whose keys are among maxImageBytes, maxImagePixels, maxImageDimension, normalizedImageMaxDimension, normalizedImageMaxBytes, got 5.`,
    ],
    [
      'a misspelt limit',
      () => new LocalAttachmentStore({ dir: 's', limits: anything({ maxImageByte: 1 }) }),
      `LocalAttachmentStore: option limits must be an object whose keys are among maxImageBytes, maxImagePixels, maxImageDimension, normalizedImageMaxDimension, normalizedImageMaxBytes, got {"maxImageByte":1}.`,
    ],
    [
      'a limit that is not a positive integer',
      () => new LocalAttachmentStore({ dir: 's', limits: { normalizedImageMaxBytes: 0.5 } }),
      'LocalAttachmentStore: option limits.normalizedImageMaxBytes must be a positive integer, got 0.5.',
    ],
    [
      'decodeConcurrency 0 (was a p-limit message)',
      () => new LocalAttachmentStore({ dir: 's', decodeConcurrency: 0 }),
      'LocalAttachmentStore: option decodeConcurrency must be a positive integer, got 0.',
    ],
    [
      'decodeConcurrency a string',
      () => new LocalAttachmentStore({ dir: 's', decodeConcurrency: anything('2') }),
      'LocalAttachmentStore: option decodeConcurrency must be a positive integer, got "2".',
    ],
  ],
  S3AttachmentStore: [
    ['no options', () => new S3AttachmentStore(anything(undefined)), 'S3AttachmentStore: option options must be an options object, got undefined.'],
    [
      'bucket not a bucket name',
      () => new S3AttachmentStore({ bucket: 'Bad_Bucket' }),
      'S3AttachmentStore: option bucket must be an S3 bucket name (3-63 of a-z 0-9 . -), got "Bad_Bucket".',
    ],
    [
      'prefix with a leading slash',
      () => new S3AttachmentStore({ bucket: 'b-ok', prefix: '/a' }),
      'S3AttachmentStore: option prefix must be key segments separated by "/" (no leading "/", "//", "." or ".."), got "/a".',
    ],
    [
      'client a region string',
      () => new S3AttachmentStore({ bucket: 'b-ok', client: anything('eu-west-1') }),
      `S3AttachmentStore: option client must be an S3Client of this package's @aws-sdk/client-s3, or a plain S3ClientConfig object, got "eu-west-1".`,
    ],
    [
      'client an instance of something else',
      () => new S3AttachmentStore({ bucket: 'b-ok', client: anything(new Map()) }),
      `S3AttachmentStore: option client must be an S3Client of this package's @aws-sdk/client-s3, or a plain S3ClientConfig object, got an instance of Map.`,
    ],
    [
      'a limit that is not a positive integer',
      () => new S3AttachmentStore({ bucket: 'b-ok', limits: { maxImageDimension: -1 } }),
      'S3AttachmentStore: option limits.maxImageDimension must be a positive integer, got -1.',
    ],
    [
      'decodeConcurrency 0',
      () => new S3AttachmentStore({ bucket: 'b-ok', decodeConcurrency: 0 }),
      'S3AttachmentStore: option decodeConcurrency must be a positive integer, got 0.',
    ],
    [
      'signedUrl expiresIn over a week',
      () => withS3Store((store) => store.signedUrl(`sha256:${'0'.repeat(64)}`, { expiresIn: 604_801 })),
      'S3AttachmentStore.signedUrl: option expiresIn must be a whole number of seconds from 1 to 604800, got 604801.',
    ],
  ],
  ConfigModelResolver: [
    [
      'models not an array',
      () => new ConfigModelResolver(anything({ models: [] })),
      'ConfigModelResolver: option models must be an array, each element an options object, got {"models":[]}.',
    ],
    [
      'an entry without a model',
      () => new ConfigModelResolver([anything({ provider: 'p' })]),
      'ConfigModelResolver: option models[0].model must be a non-empty string, got undefined.',
    ],
    [
      'an empty modality',
      () => new ConfigModelResolver([{ provider: 'p', model: 'm', inputModalities: ['text', ''] }]),
      'ConfigModelResolver: option models[0].inputModalities[1] must be a non-empty string, got "".',
    ],
  ],
  createReadImageTool: [
    ['no deps', () => createReadImageTool(anything(undefined)), 'createReadImageTool: option deps must be an options object, got undefined.'],
    [
      'fs not a FileSystem',
      () => createReadImageTool({ fs: anything({ resolve: () => undefined }), attachments, models }),
      'createReadImageTool: option fs must be a FileSystem (resolve, stat and readBytes methods), got {}.',
    ],
    [
      'attachments missing',
      () => createReadImageTool(anything({ fs, models })),
      'createReadImageTool: option attachments must be an AttachmentStore (imageLimits, and saveImage, readImage and onDispose methods), got undefined.',
    ],
    [
      'attachments without imageLimits',
      () => createReadImageTool({ fs, models, attachments: anything({ saveImage: () => undefined, readImage: () => undefined, onDispose: () => undefined }) }),
      'createReadImageTool: option attachments must be an AttachmentStore (imageLimits, and saveImage, readImage and onDispose methods), got {}.',
    ],
    [
      'models not a ModelResolver',
      () => createReadImageTool({ fs, attachments, models: anything([]) }),
      'createReadImageTool: option models must be a ModelResolver (a resolveModelInfo method), got an array of 0.',
    ],
    [
      'observe not a function',
      () => createReadImageTool({ fs, attachments, models, observe: anything('log') }),
      'createReadImageTool: option observe must be a function, got "log".',
    ],
  ],
  registerReadImage: [
    [
      'registry not a ToolRegistry',
      () => registerReadImage(anything({}), { fs, attachments, models }),
      'registerReadImage: option registry must be a ToolRegistry (a register method), got {}.',
    ],
    [
      'fs checked even without a store',
      () => registerReadImage(new ToolRegistry(), { fs: anything(undefined), models }),
      'registerReadImage: option fs must be a FileSystem (resolve, stat and readBytes methods), got undefined.',
    ],
  ],
  'ToolRegistry.register': [
    [
      'tool missing',
      () => new ToolRegistry().register(anything(undefined)),
      'ToolRegistry.register: option tool must be a Tool (a non-empty string name and an execute method), got undefined.',
    ],
    [
      'tool without an execute method',
      () => new ToolRegistry().register(anything({ name: 'read_image' })),
      'ToolRegistry.register: option tool must be a Tool (a non-empty string name and an execute method), got {"name":"read_image"}.',
    ],
    [
      'tool with an empty name',
      () => new ToolRegistry().register(anything({ name: '', execute: () => undefined })),
      'ToolRegistry.register: option tool must be a Tool (a non-empty string name and an execute method), got {"name":""}.',
    ],
  ],
  createAttachmentHandler: [
    [
      'store not an AttachmentStore',
      () => createAttachmentHandler({ store: anything({}), sessions }),
      'createAttachmentHandler: option store must be an AttachmentStore (a readImage method), got {}.',
    ],
    [
      'sessions without readLog',
      () => createAttachmentHandler({ store: attachments, sessions: anything({ referencedIds: () => undefined }) }),
      'createAttachmentHandler: option sessions must be a SessionLogSource (a readLog method, and referencedIds if any a method too), got {}.',
    ],
    [
      'sessions.referencedIds not a method',
      () => createAttachmentHandler({ store: attachments, sessions: anything({ ...sessions, referencedIds: [] }) }),
      'createAttachmentHandler: option sessions must be a SessionLogSource (a readLog method, and referencedIds if any a method too), got {"referencedIds":[]}.',
    ],
    [
      'basePath without its leading slash',
      () => createAttachmentHandler({ store: attachments, sessions, basePath: 'api' }),
      'createAttachmentHandler: option basePath must be "" or a path starting with "/" (e.g. "/api"), got "api".',
    ],
    [
      'basePath with a query',
      () => createAttachmentHandler({ store: attachments, sessions, basePath: '/api?x' }),
      'createAttachmentHandler: option basePath must be "" or a path starting with "/" (e.g. "/api"), got "/api?x".',
    ],
    [
      'vary a string',
      () => createAttachmentHandler({ store: attachments, sessions, vary: anything('Cookie') }),
      'createAttachmentHandler: option vary must be an array, each element an HTTP header name, got "Cookie".',
    ],
    [
      'onError not a function',
      () => createAttachmentHandler({ store: attachments, sessions, onError: anything('log') }),
      'createAttachmentHandler: option onError must be a function, got "log".',
    ],
  ],
  directorySessionSource: [['an empty dir', () => directorySessionSource(''), 'directorySessionSource: option dir must be a non-empty path, got "".']],
  startMcpHttpServer: [
    [
      'no createMcpServer',
      () => startMcpHttpServer(anything({ port: heldPort })),
      'startMcpHttpServer: option createMcpServer must be a function, got undefined.',
    ],
    [
      'an empty host',
      () => startMcpHttpServer({ createMcpServer: mcpServer, host: '', port: heldPort }),
      'startMcpHttpServer: option host must be a non-empty string, got "".',
    ],
    [
      'a port beyond 65535 (was a node:net message)',
      () => startMcpHttpServer({ createMcpServer: mcpServer, port: 70_000 }),
      'startMcpHttpServer: option port must be an integer from 0 to 65535, got 70000.',
    ],
    [
      'a token with a space, which no request could match',
      () => startMcpHttpServer({ createMcpServer: mcpServer, port: heldPort, token: 'two words' }),
      'startMcpHttpServer: option token must be a non-empty token with no whitespace, got "two words".',
    ],
    [
      'sessionIdleMs 0',
      () => startMcpHttpServer({ createMcpServer: mcpServer, port: heldPort, sessionIdleMs: 0 }),
      'startMcpHttpServer: option sessionIdleMs must be a positive integer, got 0.',
    ],
    [
      'maxSessions 0, which would refuse every client',
      () => startMcpHttpServer({ createMcpServer: mcpServer, port: heldPort, maxSessions: 0 }),
      'startMcpHttpServer: option maxSessions must be a positive integer, got 0.',
    ],
  ],
  createReadImageMcpServer: [
    [
      'deps checked as the tool’s',
      () => createReadImageMcpServer({ fs, attachments, models: anything(undefined), cwd: '/w', route }),
      'createReadImageMcpServer: option models must be a ModelResolver (a resolveModelInfo method), got undefined.',
    ],
    [
      'an empty cwd',
      () => createReadImageMcpServer({ fs, attachments, models, cwd: '', route }),
      'createReadImageMcpServer: option cwd must be a non-empty path, got "".',
    ],
    [
      'no route',
      () => createReadImageMcpServer(anything({ fs, attachments, models, cwd: '/w' })),
      'createReadImageMcpServer: option route must be an options object, got undefined.',
    ],
    [
      'a route without a model',
      () => createReadImageMcpServer({ fs, attachments, models, cwd: '/w', route: { provider: 'p', model: '' } }),
      'createReadImageMcpServer: option route.model must be a non-empty string, got "".',
    ],
    [
      'serverInfo without a version',
      () => createReadImageMcpServer({ fs, attachments, models, cwd: '/w', route, serverInfo: anything({ name: 'n' }) }),
      'createReadImageMcpServer: option serverInfo.version must be a non-empty string, got undefined.',
    ],
  ],
  'SessionLogWriter.open': [
    [
      'no sink',
      () => SessionLogWriter.open(anything({ cwd: '/w' })),
      'SessionLogWriter.open: option sink must be a LogSink (an append method), got undefined.',
    ],
    ['an empty cwd', () => SessionLogWriter.open({ sink: new MemorySink(), cwd: '' }), 'SessionLogWriter.open: option cwd must be a non-empty string, got "".'],
    [
      'an empty sessionId',
      () => SessionLogWriter.open({ sink: new MemorySink(), cwd: '/w', sessionId: '' }),
      'SessionLogWriter.open: option sessionId must be a non-empty string, got "".',
    ],
    [
      'a clock without now',
      () => SessionLogWriter.open({ sink: new MemorySink(), cwd: '/w', clock: anything({ now: 5 }) }),
      'SessionLogWriter.open: option clock must be a Clock (a now method), got {"now":5}.',
    ],
    [
      'ids without nextId',
      () => SessionLogWriter.open({ sink: new MemorySink(), cwd: '/w', ids: anything({}) }),
      'SessionLogWriter.open: option ids must be an IdSource (a nextId method), got {}.',
    ],
  ],
  'SessionRecorder.open': [
    ['no sink', () => SessionRecorder.open(anything({ cwd: '/w' })), 'SessionRecorder.open: option sink must be a LogSink (an append method), got undefined.'],
  ],
  FileSink: [['an empty path', () => new FileSink(''), 'FileSink: option path must be a non-empty path, got "".']],
};

function mcpServer(): McpServer {
  return new McpServer({ name: 'unused', version: '0' });
}

async function withS3Store<T>(use: (store: S3AttachmentStore) => Promise<T>): Promise<T> {
  const store = new S3AttachmentStore({ bucket: 'b-ok', client: { region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' } } });
  try {
    return await use(store);
  } finally {
    store.dispose();
  }
}

describe('every public constructor and factory checks its options up front, with one coded error', () => {
  for (const [owner, rows] of Object.entries(ROWS)) {
    describe(owner, () => {
      it.each(rows.map(([name, call, message]) => [name, call, message] as const))('%s', async (_, call, message) => {
        const error = await refusalOf(call);
        expect(error).toBeInstanceOf(InvalidOptionError);
        expect(error).toMatchObject({ code: 'INVALID_OPTION', message });
      });
    });
  }

  it('writes no header line before refusing a session log option', async () => {
    const sink = new MemorySink();
    await expect(SessionRecorder.open({ sink, cwd: '/w', ids: anything({}) })).rejects.toThrow(InvalidOptionError);
    expect(sink.lines).toEqual([]);
  });

  it('accepts what the options allow (controls for the rows above)', async () => {
    expect(new LocalFileSystem({ roots: [] })).toBeInstanceOf(LocalFileSystem);
    expect(new LocalAttachmentStore({ dir: 's', limits: { maxImageBytes: 1 }, decodeConcurrency: 1 }).imageLimits.maxImageBytes).toBe(1);
    expect(() => registerReadImage(new ToolRegistry(), { fs, models })).not.toThrow();
    expect(new ToolRegistry().register(createReadImageTool({ fs, attachments, models }))).toBeTypeOf('function');
    expect(() => createAttachmentHandler({ store: attachments, sessions, basePath: '/api/', vary: [], onError: () => undefined })).not.toThrow();
    expect(() => createReadImageMcpServer({ fs, attachments, models, cwd: '/w', route, serverInfo: { name: 'n', version: '1' } })).not.toThrow();
    expect(() => new ConfigModelResolver([{ provider: 'p', model: 'm', inputModalities: [] }])).not.toThrow();
    await withS3Store(async (store) => {
      expect(await store.signedUrl(`sha256:${'0'.repeat(64)}`, { expiresIn: 604_800 })).toMatch(/^https:\/\//);
    });
    const running = await startMcpHttpServer({ createMcpServer: mcpServer, port: 0, sessionIdleMs: 1, maxSessions: 1, token: 't' });
    await running.close();
  });
});
