import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import { openDatabase, type Database } from './db/client';
import { seedDemoData } from './db/seed';
import { resolveAltchaKey } from './lib/altcha-key';
import { hashSecret, newToken, sha256 } from './lib/secrets';
import { ok } from './lib/envelope';
import { AppError } from './lib/app-error';
import { sql } from 'drizzle-orm';
import {
  createOperatorAuth,
  memoryAttemptCounter,
  OPERATOR_GUESS_LIMITS,
  resolveAdminToken,
  type OperatorAuth,
} from './modules/admin/admin-auth';
import { createOperatorsRepository } from './modules/operators/operators.repository';
import { operatorsRoutes } from './modules/operators/operators.routes';
import { createOperatorsService, OPERATOR_LOCK, type OperatorsService } from './modules/operators/operators.service';
import { registerCatalogue } from './modules/catalogue/catalogue.register';
import { registerCommunity } from './modules/community/community.register';
import { createAppMailer } from './modules/mail/mail.register';
import type { Mailer } from './modules/mail/mailer';
import { registerOrders } from './modules/orders/orders.register';
import { registerSupport } from './modules/support/support.register';
import { registerTelemetry } from './modules/telemetry/telemetry.register';
import { createUserRepository } from './modules/user/user.repository';
import { userRoutes } from './modules/user/user.routes';
import { createUserService } from './modules/user/user.service';
import { createLanguagesService } from './modules/user/languages.service';
import { createAccountEmailService } from './modules/account-email/account-email.service';
import { createMailedCodes } from './modules/account-email/mailed-code';
import { createPasswordService } from './modules/password-reset/password.service';
import { createPaymentCodeService } from './modules/payment-code/payment-code.service';
import { createSecretCheck } from './modules/payment-code/secret-check';
import { createTrustedDevices } from './modules/user/trusted-device';
import { createVerificationRepository } from './modules/verification/verification.repository';
import { verificationRoutes } from './modules/verification/verification.routes';
import { createVerificationService } from './modules/verification/verification.service';
import { authPlugin } from './plugins/app/auth';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/app/errors';
import { i18nPlugin } from './plugins/app/i18n';
import { securityPlugin } from './plugins/external/security';
import { openSharedState } from './lib/shared-state';
import { staticFilesPlugin } from './plugins/external/static-files';
import { consoleFiles } from './plugins/external/console-files';
import { consoleRoutes } from './modules/admin/console.routes';
import { releaseRoutes } from './modules/admin/release-routes';
import { dashboardSummaryRoutes } from './modules/admin/dashboard-summary';
import { swaggerPlugin } from './plugins/external/swagger';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Operator authentication, the operator route list and who may call each (issue 25). */
    operatorAuth: OperatorAuth;
    operatorAccounts: OperatorsService;
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
    // Readiness for a load balancer: the database and the shared store answer (each bounded to 2 s).
    app.get('/api/ready', { schema: { hide: true } }, async (request) => {
      const within = <T>(check: Promise<T>) =>
        Promise.race([check, new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000).unref())]);
      const [databaseUp, sharedUp] = await Promise.all([
        within(
          database.db.execute(sql`SELECT 1`).then(
            () => true,
            () => false,
          ),
        ),
        within(shared.ping()),
      ]);
      const data = {
        database: databaseUp ? 'ok' : 'down',
        sharedState: sharedUp ? 'ok' : 'down',
        sharedStateKind: shared.kind,
      };
      if (databaseUp && sharedUp) return ok(request, data);
      throw new AppError(503, 'err.server', undefined, data, 503);
    });

    const users = createUserRepository(database.db);
    await app.register(authPlugin, { users, now: config.now });

    // One secret every process shares (ALTCHA_HMAC_KEY): signs human checks and trusted-device cookies.
    const altchaKey = resolveAltchaKey(config.altcha.hmacKey, config.dataDir);
    const verification = createVerificationService({
      repository: createVerificationRepository(database.db),
      config: config.altcha,
      hmacKey: altchaKey,
      now: config.now,
    });
    const mailer = options.mailer ?? createAppMailer(app, database.db, config);
    const now = config.now;
    const secrets = createSecretCheck(now);
    const mailedCodes = createMailedCodes(mailer, now);
    // Hashed once so an unknown account costs the same argon2 work as a known one (no timing oracle).
    const dummyHash = hashSecret(newToken());
    const userService = createUserService({ users, mailer, secrets, dummyHash, now, brake: shared.brake });
    const paymentCodes = createPaymentCodeService({ users, secrets, mailedCodes, now });

    await app.register(verificationRoutes, { service: verification });
    await app.register(userRoutes, {
      service: userService,
      paymentCodes,
      email: createAccountEmailService({ users, mailedCodes, now }),
      passwords: createPasswordService({ users, secrets, mailedCodes, dummyHash, now }),
      languages: createLanguagesService(users),
      verification,
      authRateLimit: config.authRateLimit,
      devices: createTrustedDevices(sha256(`trusted-device:${altchaKey}`)),
    });
    // Operators sign in with their own accounts (password + TOTP) and roles; the shared automation token
    // (ADMIN_TOKEN, resolved or generated into DATA_DIR once) only where config.operatorAutomation allows it.
    const automation = config.operatorAutomation !== false;
    if (!automation && config.adminToken) {
      app.log.warn('ADMIN_TOKEN ignored: the automation token is off in production (ADMIN_TOKEN_AUTOMATION=1)');
    }
    const operatorAccounts = createOperatorsService({
      repository: createOperatorsRepository(database.db),
      counter:
        shared.attemptCounter?.(OPERATOR_LOCK.windowMs) ??
        memoryAttemptCounter(OPERATOR_LOCK.windowMs, () => config.now().getTime()),
      bootstrapKey: sha256(`operator-bootstrap:${altchaKey}`),
      now: config.now,
    });
    const operators = createOperatorAuth(
      automation ? resolveAdminToken(config.adminToken, config.dataDir, app.log) : undefined,
      { counter: shared.attemptCounter?.(OPERATOR_GUESS_LIMITS.windowMs), accounts: operatorAccounts },
    );
    app.decorate('operatorAuth', operators);
    app.decorate('operatorAccounts', operatorAccounts);
    // Every operator route must say who may call it (admin/operator-routes.ts): checked as routes are added.
    app.addHook('onRoute', operators.onRoute);
    await app.register(operatorsRoutes, { operators, service: operatorAccounts });
    await registerOrders(app, { db: database.db, config, users, paymentCodes, operators });
    const catalogue = await registerCatalogue(app, database.db);
    await registerSupport(app, { db: database.db, config, operators });
    await registerCommunity(app, { db: database.db, config, paymentCodes, operators });
    await registerTelemetry(app, { config, operators });
    await app.register(consoleRoutes, { operators, db: database.db, now: config.now });
    await app.register(dashboardSummaryRoutes, { operators, db: database.db, now: config.now });
    await app.register(releaseRoutes, {
      operators,
      db: database.db,
      deployDir: config.deployDir,
      deployStore: config.deployStore,
      shellDir: config.shellDir,
      mfeBaseUrl: process.env.MFE_BASE_URL ?? '/mfe',
      now: config.now,
    });
    await app.register(consoleFiles);
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
