import { randomBytes } from 'node:crypto';
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
  // The operator API credential, also read by specs that act as an operator (ship, refund decisions).
  process.env.E2E_ADMIN_TOKEN ??= randomBytes(24).toString('hex');
  // The human check's proof of work at a test difficulty (the server's ALTCHA_MAX_NUMBER knob): the widget
  // still fetches a signed challenge, solves it in the page and the server verifies it, in a few
  // milliseconds instead of seconds of hashing for each new tab (the accessibility spec alone opens 23).
  // Set here, so the servers the release and offline specs start (tools/app-server.mjs passes the
  // environment on) get it too.
  process.env.ALTCHA_MAX_NUMBER ??= '1000';
  const server = await app.startServer({
    deployDir,
    // wallet.spec.ts tops up by card: the sandbox acquirer, also when DATABASE_URL points at PostgreSQL.
    // The shared automation token is off with DATABASE_URL unless asked for (docs/decisions/0002-operator-accounts.md): the specs use it.
    env: {
      AUTH_RATE_LIMIT_MAX: '1000',
      ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN,
      ADMIN_TOKEN_AUTOMATION: '1',
      CARD_SANDBOX: '1',
    },
  });
  process.env.E2E_BASE_URL = server.url;
  console.log(`e2e: app at ${server.url} (server log ${server.logFile})`);
  return async () => {
    await server.stop();
    rmSync(deployDir, { recursive: true, force: true });
  };
}
