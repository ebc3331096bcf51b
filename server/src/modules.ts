import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_COMMUNITY_CONFIG, type AppConfig } from './config/config';
import type { Db } from './db/client';
import type { SharedState } from './lib/shared-state';
import { hashSecret, newToken, sha256 } from './lib/secrets';
import { createAccountEmailService } from './modules/account-email/account-email.service';
import { createMailedCodes } from './modules/account-email/mailed-code';
import { createAddressesRepository } from './modules/addresses/addresses.repository';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { createAddressesService } from './modules/addresses/addresses.service';
import {
  createOperatorAuth,
  memoryAttemptCounter,
  OPERATOR_GUESS_LIMITS,
  resolveAdminToken,
} from './modules/admin/admin-auth';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/admin/audit.routes';
import { consoleRoutes } from './modules/admin/console.routes';
import { queuesRoutes } from './modules/admin/queues.routes';
import { shoppersRoutes } from './modules/admin/shoppers.routes';
import { dashboardSummaryRoutes } from './modules/admin/dashboard-summary';
import { releaseRoutes } from './modules/admin/release-routes';
import { createBagRepository } from './modules/bag/bag.repository';
import { bagRoutes } from './modules/bag/bag.routes';
import { createBagService } from './modules/bag/bag.service';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createViewCounter } from './modules/catalogue/view-counter';
import { createCheckoutRepository } from './modules/checkout/checkout.repository';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { createCommentsRepository } from './modules/comments/comments.repository';
import { commentsRoutes } from './modules/comments/comments.routes';
import { createCommentsService } from './modules/comments/comments.service';
import { communityAdminRoutes } from './modules/community/community.admin.routes';
import { createCommunityRepository } from './modules/community/community.repository';
import { communityRoutes } from './modules/community/community.routes';
import { createCommunityService } from './modules/community/community.service';
import { createImagesRepository } from './modules/images/images.repository';
import { imagesRoutes } from './modules/images/images.routes';
import { createImagesService } from './modules/images/images.service';
import { createLedgerRepository } from './modules/ledger/ledger.repository';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createAppMailer } from './modules/mail/app-mailer';
import type { Mailer } from './modules/mail/mailer';
import { createOperatorsRepository } from './modules/operators/operators.repository';
import { operatorsRoutes } from './modules/operators/operators.routes';
import { OPERATOR_LOCK } from './modules/operators/operator-credentials';
import { createOperatorsService } from './modules/operators/operators.service';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { createPasswordService } from './modules/password-reset/password.service';
import { createPaymentCodeService } from './modules/payment-code/payment-code.service';
import { createSecretCheck } from './modules/payment-code/secret-check';
import { sellersModule } from './modules/sellers';
import { createRefundsRepository } from './modules/refunds/refunds.repository';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { createRefundsService } from './modules/refunds/refunds.service';
import { createNotifier } from './modules/support/notifier';
import { supportAdminRoutes } from './modules/support/support.admin.routes';
import { createSupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { telemetryModule } from './modules/telemetry/telemetry.module';
import { createMailStatus } from './modules/mail/mail-status';
import { createDiskStorage } from './modules/uploads/upload-storage';
import { createUploadsRepository } from './modules/uploads/uploads.repository';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createLanguagesService } from './modules/user/languages.service';
import { createTrustedDevices } from './modules/user/trusted-device';
import { createSecretBox } from './lib/secret-box';
import type { UserRepository } from './modules/user/user.repository';
import { userRoutes } from './modules/user/user.routes';
import { createUserService } from './modules/user/user.service';
import { createVerificationRepository } from './modules/verification/verification.repository';
import { verificationRoutes } from './modules/verification/verification.routes';
import { createVerificationService } from './modules/verification/verification.service';
import { chooseCardProvider } from './modules/wallet/payment-provider';
import { walletAdminRoutes } from './modules/wallet/wallet.admin.routes';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createWalletService, DEFAULT_WALLET_CONFIG } from './modules/wallet/wallet.service';

interface ModuleContext {
  db: Db;
  config: AppConfig;
  shared: SharedState;
  users: UserRepository;
  /** One secret every process shares (ALTCHA_HMAC_KEY): signs human checks and trusted-device cookies. */
  altchaKey: string;
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
}

/**
 * The composition root (docs/decisions/0004-one-composition-root.md): every module of the server, in the order its routes are
 * registered, each made of its repository, service and routes here and nowhere else. A module's own
 * folder holds no wiring of other modules. Returns what app.ts's page serving needs.
 */
export const registerModules = async (app: FastifyInstance, context: ModuleContext) => {
  const { db, config, shared, users, altchaKey } = context;
  const now = config.now;

  // Shared parts several modules take: the mailer, the notifier, the ledger, orders and uploads data.
  const mailer = context.mailer ?? createAppMailer(app, db, config);
  const notifier = createNotifier(db);
  const ledgerRepository = createLedgerRepository(db);
  const ordersRepository = createOrdersRepository(db);
  const uploadsRepository = createUploadsRepository(db);
  const addressesRepository = createAddressesRepository(db);
  const secrets = createSecretCheck(now);
  const mailedCodes = createMailedCodes(mailer, now);
  // Hashed once so an unknown account costs the same argon2 work as a known one (no timing oracle).
  const dummyHash = hashSecret(newToken());

  // verification: the human check.
  const verification = createVerificationService({
    repository: createVerificationRepository(db),
    config: config.altcha,
    hmacKey: altchaKey,
    now,
  });
  await app.register(verificationRoutes, { service: verification });

  // user, payment-code, account-email, password-reset: the shopper's account and secrets.
  const paymentCodes = createPaymentCodeService({ users, secrets, mailedCodes, now });
  await app.register(userRoutes, {
    service: createUserService({ users, mailer, secrets, dummyHash, now, brake: shared.brake }),
    paymentCodes,
    email: createAccountEmailService({ users, mailedCodes, now }),
    passwords: createPasswordService({ users, secrets, mailedCodes, dummyHash, now }),
    languages: createLanguagesService(users),
    verification,
    authRateLimit: config.authRateLimit,
    devices: createTrustedDevices(sha256(`trusted-device:${altchaKey}`)),
  });

  // operators: their own accounts (password + TOTP) and roles; the shared automation token (ADMIN_TOKEN,
  // resolved or generated into DATA_DIR once) only where config.operatorAutomation allows it.
  const automation = config.operatorAutomation !== false;
  if (!automation && config.adminToken) {
    app.log.warn('ADMIN_TOKEN ignored: the automation token is off in production (ADMIN_TOKEN_AUTOMATION=1)');
  }
  const operatorAccounts = createOperatorsService({
    repository: createOperatorsRepository(db),
    counter:
      shared.attemptCounter?.(OPERATOR_LOCK.windowMs) ??
      memoryAttemptCounter(OPERATOR_LOCK.windowMs, () => now().getTime()),
    bootstrapKey: sha256(`operator-bootstrap:${altchaKey}`),
    brake: shared.brake,
    box: createSecretBox(config.operatorSecretKey ?? sha256(`operator-totp:${altchaKey}`)),
    now,
  });
  const sealed = await operatorAccounts.sealStoredSecrets();
  if (sealed) app.log.info({ sealed }, 'operator TOTP secrets encrypted at rest');
  const operators = createOperatorAuth(
    automation ? resolveAdminToken(config.adminToken, config.dataDir, app.log) : undefined,
    { counter: shared.attemptCounter?.(OPERATOR_GUESS_LIMITS.windowMs), accounts: operatorAccounts },
  );
  app.decorate('operatorAuth', operators);
  app.decorate('operatorAccounts', operatorAccounts);
  // Every operator route must say who may call it (admin/operator-routes.ts): checked as routes are added.
  app.addHook('onRoute', operators.onRoute);
  await app.register(operatorsRoutes, {
    operators,
    service: operatorAccounts,
    devices: createTrustedDevices(sha256(`trusted-device:${altchaKey}`), '/api/admin/auth/sign_in'),
  });

  // ledger
  const ledger = createLedgerService({ db, ledger: ledgerRepository });
  await app.register(ledgerRoutes, { service: ledger });

  // addresses
  await app.register(addressesRoutes, { service: createAddressesService({ db, addresses: addressesRepository }) });

  // checkout
  const checkout = createCheckoutService({
    db,
    checkout: createCheckoutRepository(),
    orders: ordersRepository,
    addresses: addressesRepository,
    now,
  });
  await app.register(checkoutRoutes, { service: checkout });

  // orders
  const orders = createOrdersService({ db, orders: ordersRepository, users: paymentCodes, notifier });
  await app.register(ordersRoutes, { service: orders });

  // refunds and comments: the shopper's own order, with pictures from their uploads
  const afterSale = { db, orders: ordersRepository, uploads: uploadsRepository };
  const refunds = createRefundsService({
    ...afterSale,
    refunds: createRefundsRepository(db),
    ledger: ledgerRepository,
    now,
    notifier,
  });
  await app.register(refundsRoutes, { service: refunds });
  const comments = createCommentsService({ ...afterSale, comments: createCommentsRepository(db) });
  await app.register(commentsRoutes, { service: comments });

  // uploads
  const uploadStorage = config.uploadS3
    ? (await import('./modules/uploads/s3-storage')).createS3Storage(config.uploadS3)
    : createDiskStorage(path.join(config.dataDir, 'uploads'));
  app.log.info(`uploads: ${uploadStorage.description}`);
  if (uploadStorage.ping) app.readinessChecks.uploads = uploadStorage.ping;
  const uploads = createUploadsService({
    uploads: uploadsRepository,
    storage: uploadStorage,
    log: app.log,
    quota: config.uploadQuota,
    now,
  });
  await app.register(uploadsRoutes, { service: uploads, users, operators, now });

  // admin: the operator API over orders, refunds and the ledger.
  await app.register(adminRoutes, { operators, orders, refunds, ledger, users });

  // wallet: top-up, withdraw, records and the operators' decisions.
  const walletConfig = config.wallet ?? DEFAULT_WALLET_CONFIG;
  const wallet = createWalletService({
    db,
    wallet: createWalletRepository(db),
    ledger: ledgerRepository,
    uploads: uploadsRepository,
    paymentCodes,
    provider: chooseCardProvider({
      provider: walletConfig.cardProvider,
      sandbox: walletConfig.cardSandbox,
      databaseKind: app.database.kind,
      log: app.log,
    }),
    config: walletConfig,
    now,
    notifier,
  });
  await wallet.ensureChannels();
  await app.register(walletRoutes, { service: wallet });
  await app.register(walletAdminRoutes, { operators, service: wallet });

  // catalogue, bag and images
  const catalogueRepository = createCatalogueRepository(db);
  const views = createViewCounter(db);
  app.addHook('preClose', async () => views.close());
  const catalogue = createCatalogueService({ catalogue: catalogueRepository, views });
  await app.register(catalogueRoutes, { service: catalogue });
  await app.register(bagRoutes, {
    service: createBagService({ bag: createBagRepository(db), catalogue: catalogueRepository }),
  });
  await app.register(imagesRoutes, { service: createImagesService({ images: createImagesRepository(db) }) });

  // support: notifications, customer service and the content pages.
  const support = createSupportService({ db, support: createSupportRepository(db), notifier, now });
  await support.ensureDefaults();
  await app.register(supportRoutes, { service: support });
  await app.register(supportAdminRoutes, { operators, service: support });

  // community: shop support, complaints, merchant sign-up and VIP.
  const community = createCommunityService({
    db,
    community: createCommunityRepository(db),
    ledger: ledgerRepository,
    paymentCodes,
    notifier,
    config: config.community ?? DEFAULT_COMMUNITY_CONFIG,
    now,
  });
  await community.ensureVipLevels();
  await app.register(communityRoutes, { service: community });
  await app.register(communityAdminRoutes, { operators, service: community });

  // sellers: the seller centre's accounts, staff and shop calls.
  const sellers = await sellersModule(app, {
    db,
    shared,
    mailer,
    operators,
    pictures: uploads,
    platformUrl: (config.community ?? DEFAULT_COMMUNITY_CONFIG).sellerPlatformUrl,
    dummyHash,
    now,
  });

  // telemetry: field health.
  await telemetryModule(app, { config, operators, mailStatus: config.mail ? createMailStatus(db) : undefined });

  // console: the operators' pages' API (dashboard, release).
  await app.register(consoleRoutes, { operators, db, now });
  await app.register(shoppersRoutes, { operators, db, now });
  await app.register(auditRoutes, { operators, db });
  await app.register(queuesRoutes, { operators, db });
  await app.register(dashboardSummaryRoutes, { operators, db, now });
  await app.register(releaseRoutes, {
    operators,
    db,
    deployDir: config.deployDir,
    deployStore: config.deployStore,
    shellDir: config.shellDir,
    mfeBaseUrl: process.env.MFE_BASE_URL ?? '/mfe',
    now,
  });

  return { catalogue, sellerRoutes: sellers.routes };
};
