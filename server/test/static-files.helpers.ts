import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RemoteEntry } from '@marketplace/shared/contracts';
import { createTestApp, type TestApp } from './harness';

/** The wallet remote's manifest entry at `version`, as the release CLI writes it. */
export const walletEntry = (version: string): RemoteEntry => ({
  name: 'mfe_wallet',
  version,
  entry: `/mfe/mfe-wallet/${version}/mf-manifest.json`,
  namespace: 'wallet',
  routes: [{ path: '/topUp', titleKey: 'wallet:title.topUp', public: false, keepAlive: false }],
});

/**
 * The app of a whole test file serving a built tree: `files` (a path below the tree, `shell/…` or
 * `deploy/…`, and its content) written to a new temporary folder before the tests, the app opened on its
 * `shell` and `deploy` folders and given to `take`; app and folder gone after the tests.
 */
export const staticAppForFile = (
  files: Record<string, string | Buffer>,
  take: (t: TestApp) => void,
  overrides: Partial<TestApp['config']> = {},
) => {
  const root = mkdtempSync(path.join(tmpdir(), 'mp-static-'));
  let t: TestApp | undefined;
  beforeAll(async () => {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), content);
    }
    t = await createTestApp({ shellDir: path.join(root, 'shell'), deployDir: path.join(root, 'deploy'), ...overrides });
    take(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });
};
