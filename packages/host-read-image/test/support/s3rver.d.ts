// s3rver 3.7.1 ships no types; only what the tests use.
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  export interface KoaContext {
    method: string;
    path: string;
    headers: Record<string, string | undefined>;
    status: number;
    body: unknown;
    set(field: string, value: string): void;
  }

  export interface S3rverObject {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }

  export interface S3rverStore {
    readonly rootDirectory: string;
    getResourcePath(bucket: string, key: string, resource: string): string;
    /** Rejects when there is no such object. */
    getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: S3rverObject): Promise<{ md5: string; size: number }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: Server;
    /** Koa's middleware stack (s3rver is a Koa application). */
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    store: S3rverStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
