import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * An S3-compatible server for tests (s3rver, which checks the SDK's SigV4 signatures) on a loopback port,
 * holding `bucket` in a fresh temporary folder (`dir`). Started again after `stop`, it keeps its port and
 * objects, so a client made before sees the store go down and come back.
 */
export const localS3 = (bucket: string, folderPrefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), folderPrefix));
  let server: S3rver | undefined;
  let port = 0;
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  return {
    dir,
    endpoint: () => `http://127.0.0.1:${port}`,
    start: async () => {
      server = new S3rver({
        address: '127.0.0.1',
        port,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: bucket }],
      });
      port = (await server.run()).port;
    },
    stop,
    /** Stops the server and deletes its folder. */
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
