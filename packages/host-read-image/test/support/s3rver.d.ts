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

  interface KoaContext {
    method: string;
    path: string;
    headers: Record<string, string | undefined>;
    status: number;
    body: unknown;
    set(field: string, value: string): void;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: Server;
    /** Koa's middleware stack (s3rver is a Koa application). */
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(bucket: string, key: string, resource: string): string };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
