import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/client';
import { createAddressesRepository } from '../addresses/addresses.repository';
import { addressesRoutes } from '../addresses/addresses.routes';
import { createAddressesService } from '../addresses/addresses.service';
import type { OperatorAuth } from '../admin/admin-auth';
import { adminRoutes } from '../admin/admin.routes';
import { createCheckoutRepository } from '../checkout/checkout.repository';
import { checkoutRoutes } from '../checkout/checkout.routes';
import { createCheckoutService } from '../checkout/checkout.service';
import { createCommentsRepository } from '../comments/comments.repository';
import { commentsRoutes } from '../comments/comments.routes';
import { createCommentsService } from '../comments/comments.service';
import { createLedgerRepository } from '../ledger/ledger.repository';
import { ledgerRoutes } from '../ledger/ledger.routes';
import { createLedgerService } from '../ledger/ledger.service';
import { createRefundsRepository } from '../refunds/refunds.repository';
import { refundsRoutes } from '../refunds/refunds.routes';
import { createRefundsService } from '../refunds/refunds.service';
import { createDiskStorage } from '../uploads/upload-storage';
import { createUploadsRepository } from '../uploads/uploads.repository';
import { uploadsRoutes } from '../uploads/uploads.routes';
import { createUploadsService } from '../uploads/uploads.service';
import type { UserRepository } from '../user/user.repository';
import type { PaymentCodeService } from '../payment-code/payment-code.service';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';
import { createNotifier } from '../support/notifier';
import { registerWallet } from '../wallet/wallet.register';

interface Deps {
  db: Db;
  config: AppConfig;
  users: UserRepository;
  paymentCodes: PaymentCodeService;
  operators: OperatorAuth;
}

/** Wires ledger, wallet, addresses, checkout, orders, refunds, comments, uploads and the operator API (one line in app.ts). */
export const registerOrders = async (app: FastifyInstance, { db, config, users, paymentCodes, operators }: Deps) => {
  const now = config.now;
  const ledgerRepository = createLedgerRepository(db);
  const ordersRepository = createOrdersRepository(db);
  const uploadsRepository = createUploadsRepository(db);
  const addressesRepository = createAddressesRepository(db);

  const notifier = createNotifier(db);
  const ledger = createLedgerService({ db, ledger: ledgerRepository });
  const orders = createOrdersService({
    db,
    orders: ordersRepository,
    users: paymentCodes,
    notifier,
  });
  const refunds = createRefundsService({
    db,
    refunds: createRefundsRepository(db),
    orders: ordersRepository,
    uploads: uploadsRepository,
    ledger: ledgerRepository,
    now,
    notifier,
  });

  await app.register(ledgerRoutes, { service: ledger });
  await app.register(addressesRoutes, { service: createAddressesService({ db, addresses: addressesRepository }) });
  await app.register(checkoutRoutes, {
    service: createCheckoutService({
      db,
      checkout: createCheckoutRepository(),
      orders: ordersRepository,
      addresses: addressesRepository,
      now,
    }),
  });
  await app.register(ordersRoutes, { service: orders });
  await app.register(refundsRoutes, { service: refunds });
  await app.register(commentsRoutes, {
    service: createCommentsService({
      db,
      comments: createCommentsRepository(db),
      orders: ordersRepository,
      uploads: uploadsRepository,
    }),
  });
  // Uploads in the S3-compatible store every API process shares when S3_* is set, else this process's disk
  // (the AWS SDK is loaded only then).
  const uploadStorage = config.uploadS3
    ? (await import('../uploads/s3-storage')).createS3Storage(config.uploadS3)
    : createDiskStorage(path.join(config.dataDir, 'uploads'));
  app.log.info(`uploads: ${uploadStorage.description}`);
  await app.register(uploadsRoutes, {
    service: createUploadsService({
      uploads: uploadsRepository,
      storage: uploadStorage,
      log: app.log,
      quota: config.uploadQuota,
      now,
    }),
    users,
    operators,
    now,
  });
  await app.register(adminRoutes, { operators, orders, refunds, ledger, users });
  await registerWallet(app, {
    db,
    operators,
    ledger: ledgerRepository,
    uploads: uploadsRepository,
    paymentCodes,
    config: config.wallet,
    now,
    notifier,
  });
};
