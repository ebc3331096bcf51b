import { rmSync } from 'node:fs';

/**
 * Build (unless E2E_SKIP_BUILD=1 and a build exists), deploy every remote to a fresh store,
 * start the server with a fresh database. The returned function is the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const app = await import('../tools/app-server.mjs');
  if (process.env.E2E_SKIP_BUILD !== '1' || !app.isBuilt()) await app.buildAll();
  const deployDir = app.tempDeployDir();
  await app.deployAll(deployDir);
  // Every spec signs in through the form; the production limit would throttle one test run.
  const server = await app.startServer({ deployDir, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  process.env.E2E_BASE_URL = server.url;
  console.log(`e2e: app at ${server.url} (server log ${server.logFile})`);
  return async () => {
    await server.stop();
    rmSync(deployDir, { recursive: true, force: true });
  };
}
