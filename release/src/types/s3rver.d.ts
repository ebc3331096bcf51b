/** The part of @20minutes/s3rver (an S3-compatible server for tests, untyped) that the release and server tests use. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0: any free port. */
    port?: number;
    silent?: boolean;
    resetOnClose?: boolean;
    /** Where it keeps buckets and objects. */
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  /** The Koa context its middleware sees (the fields the test shims read). */
  interface S3rverContext {
    method: string;
    path: string;
    headers: Record<string, string | string[] | undefined>;
    state: Record<string, unknown>;
    mountPath?: string;
    status: number;
    body: unknown;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list: what runs for each request, in order (the router last). */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => unknown>;
    /** Its object store. */
    store: {
      getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
      listObjects(
        bucket: string,
        options: { delimiter?: string; startAfter?: string; prefix?: string; maxKeys?: number },
      ): Promise<{ objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean }>;
    };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
  export = S3rver;
}
