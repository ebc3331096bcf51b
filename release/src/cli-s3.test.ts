import { randomUUID } from 'node:crypto';
import { remoteApp } from './remotes';
import { S3DeploymentStore } from './store/s3-store';
import { startS3rver, type TestS3 } from './store/s3-test-servers';
import { runCli, sandbox, writeBuild, type Sandbox } from './test-fixtures';

const wallet = remoteApp('mfe-wallet');

let server: TestS3;
beforeAll(async () => {
  server = await startS3rver();
});
afterAll(() => server.close());

/** Runs the real CLI process with the S3 connection in its environment; never throws. */
const cli = async (box: Sandbox, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const { connection } = server;
  return runCli(args, {
    DEPLOY_DIR: box.deployDir,
    DEPLOY_STORE_URL: '',
    RELEASE_REPO_DIR: box.repoDir,
    SHELL_DIR: box.shellDir,
    USER: 'carol',
    S3_ENDPOINT: connection.endpoint,
    S3_REGION: connection.region,
    S3_ACCESS_KEY_ID: connection.accessKeyId,
    S3_SECRET_ACCESS_KEY: connection.secretAccessKey,
    ...env,
  });
};

describe('release CLI on an S3 store (real processes)', () => {
  jest.setTimeout(180_000);

  it('deploys, promotes, rolls back and reports with --store s3://… or DEPLOY_STORE_URL, leaving DEPLOY_DIR alone', async () => {
    const box = await sandbox();
    const url = `s3://${server.bucket}/${randomUUID()}/mfe`;
    for (const version of ['1.0.0', '2.0.0']) {
      await writeBuild(box.repoDir, wallet, version, { chunk: `console.log(${JSON.stringify(version)});` });
    }

    expect(await cli(box, ['deploy', 'wallet', '--version', '1.0.0', '--store', url])).toMatchObject({ code: 0 });
    expect(await cli(box, ['deploy', 'wallet', '--version', '2.0.0'], { DEPLOY_STORE_URL: url })).toMatchObject({
      code: 0,
    });
    expect((await cli(box, ['promote', 'wallet', '1.0.0', '--store', url])).code).toBe(0);
    const promoted = await cli(box, ['promote', 'wallet', '2.0.0'], { DEPLOY_STORE_URL: url });
    expect(promoted.stdout).toBe('mfe-wallet 2.0.0 is live for everyone (was 1.0.0).\n');
    expect((await cli(box, ['rollback', 'wallet', '--store', url])).stdout).toBe(
      'mfe-wallet rolled back from 2.0.0 to 1.0.0.\n',
    );
    const { stdout: table } = await cli(box, ['status', '--store', url]);
    expect(table).toMatch(/\| mfe-wallet +\| 1\.0\.0 +\| - +\| - +\| 1\.0\.0, 2\.0\.0 +\|/);
    expect(table).toMatch(/carol@\S+ +\| rollback mfe-wallet 2\.0\.0 -> 1\.0\.0/);

    const [, bucket = '', prefix = ''] = /^s3:\/\/([^/]+)\/(.+)$/.exec(url) ?? [];
    const store = new S3DeploymentStore({ address: { bucket, prefix }, connection: server.connection });
    try {
      expect((await store.readManifest())?.remotes['mfe-wallet']).toMatchObject({
        version: '1.0.0',
        entry: '/mfe/mfe-wallet/1.0.0/mf-manifest.json',
      });
      expect(await store.readVersionFile('mfe-wallet', '2.0.0', 'assets/chunk.js')).toBe('console.log("2.0.0");');
    } finally {
      store.close();
    }
    // Nothing went to the local store.
    expect(await box.store.readManifest()).toBeNull();
    expect(await box.store.listRemotes()).toEqual([]);

    const refused = await cli(box, ['status', '--store', 's3://Not_A_Bucket/x']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('release: not a deployment store URL: s3://Not_A_Bucket/x');
  });
});
