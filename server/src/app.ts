import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import { openDatabase, type Database } from './db/client';
import { seedDemoData } from './db/seed';
import { resolveAltchaKey } from './lib/altcha-key';
import { ok } from './lib/envelope';
import { AppError } from './lib/app-error';
import { sql } from 'drizzle-orm';
import { createUserRepository } from './modules/user/user.repository';
import type { Mailer } from './modules/mail/mailer';
import type { OperatorAuth } from './modules/admin/admin-auth';
import type { OperatorsService } from './modules/operators/operators.service';
import { registerModules } from './modules';
import { benchReferencePage } from './plugins/external/bench-reference';
import { authPlugin } from './plugins/app/auth';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/app/errors';
import { i18nPlugin } from './plugins/app/i18n';
import { securityPlugin } from './plugins/external/security';
import { openSharedState } from './lib/shared-state';
import { registerDrainState } from './lib/drain';
import { staticFilesPlugin } from './plugins/external/static-files';
import { consoleFiles, sellerFiles } from './plugins/external/console-files';
import { swaggerPlugin } from './plugins/external/swagger';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Operator authentication, the operator route list and who may call each (docs/decisions/0002-operator-accounts.md). */
    operatorAuth: OperatorAuth;
    operatorAccounts: OperatorsService;
    /** What /api/ready checks, by name: each answers true when its dependency answers. */
    readinessChecks: Record<string, () => Promise<boolean>>;
  }
}

export interface BuildOptions {
  /** Replaces the configured mailer (the DATA_DIR/outbox folder, or SMTP through the database outbox). */
  mailer?: Mailer;
  /** Pino logger options; false silences it (tests). */
  logger?: boolean | { level: string };
}

/** Opens and migrates the database, seeds demo data, and wires every plugin and route. Used by main and tests. */
export const buildApp = async (config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Headers `lang`/`language` and `token` are read as-is; the body limit guards against huge strings.
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Behind a load balancer the per-address limits need the client's address, not the balancer's.
    // A hop count is documented and handled by Fastify (proxy-addr), though its types leave numbers out.
    trustProxy: (config.trustProxy ?? false) as boolean | string[],
    // What the router and Node's HTTP parser refuse is answered in the envelope too (plugins/app/errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  registerDrainState(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; any other body is refused as malformed instead of reaching a handler as a string.
  app.removeContentTypeParser('text/plain');

  const database = await openDatabase(config.database);
  app.decorate('database', database);
  app.addHook('onClose', async () => database.close());
  try {
    if (config.seedDemo) await seedDemoData(database.db);

    await app.register(i18nPlugin);
    await app.register(errorsPlugin);
    const shared = await openSharedState(config.redisUrl, app.log, config.redisPrefix);
    app.addHook('onClose', async () => shared.close());
    await app.register(securityPlugin, {
      rateLimitStore: shared.rateLimitStore,
      assetOrigin: config.assetBaseUrl && new URL(config.assetBaseUrl).origin,
    });
    await app.register(swaggerPlugin);
    // Liveness for a load balancer, and the bench's trivial route: every hook and plugin, no database.
    app.get('/api/health', { schema: { hide: true } }, async (request) => ok(request, null));
    // Readiness for a load balancer: every dependency this process is configured to use answers (each check
    // bounded to 2 s): the database, the shared store, and what modules add (the uploads' S3 bucket). A
    // draining process answers 503 at once (lib/drain.ts). SMTP stays out: the mail outbox absorbs it.
    app.decorate('readinessChecks', {} as Record<string, () => Promise<boolean>>);
    app.readinessChecks.database = () => database.db.execute(sql`SELECT 1`).then(() => true);
    app.readinessChecks.sharedState = () => shared.ping();
    app.get('/api/ready', { schema: { hide: true } }, async (request) => {
      if (app.draining) throw new AppError(503, 'err.server', undefined, { draining: true }, 503);
      const within = (check: () => Promise<boolean>) =>
        Promise.race([
          check().catch(() => false),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000).unref()),
        ]);
      const names = Object.keys(app.readinessChecks);
      const results = await Promise.all(names.map((name) => within(app.readinessChecks[name]!)));
      const data: Record<string, string> = { sharedStateKind: shared.kind };
      names.forEach((name, i) => (data[name] = results[i] ? 'ok' : 'down'));
      if (results.every(Boolean)) return ok(request, data);
      throw new AppError(503, 'err.server', undefined, data, 503);
    });

    const users = createUserRepository(database.db);
    await app.register(authPlugin, { users, now: config.now });

    // One secret every process shares (ALTCHA_HMAC_KEY): signs human checks and trusted-device cookies.
    const altchaKey = resolveAltchaKey(config.altcha.hmacKey, config.dataDir);
    // Every module, in one list (modules.ts).
    const { catalogue } = await registerModules(app, {
      db: database.db,
      config,
      shared,
      users,
      altchaKey,
      mailer: options.mailer,
    });
    await app.register(consoleFiles);
    if (config.benchReferencePage) await app.register(benchReferencePage);
    await app.register(sellerFiles);
    await app.register(staticFilesPlugin, {
      shellDir: config.shellDir,
      deployDir: config.deployDir,
      deployStore: config.deployStore,
      assetBaseUrl: config.assetBaseUrl,
      productPreview: (id) => catalogue.productPreview(id),
      // The first page the Home screen asks for (20) and the tiles the first paint draws (6).
      homePreview: () => catalogue.homePreview(6, 20),
    });
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
};
