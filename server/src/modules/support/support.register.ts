import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/client';
import type { OperatorAuth } from '../admin/admin-auth';
import { createNotifier } from './notifier';
import { supportAdminRoutes } from './support.admin.routes';
import { createSupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { createSupportService } from './support.service';

/** Wires notifications, customer service and the content pages with their operator API (one line in app.ts). */
export const registerSupport = async (
  app: FastifyInstance,
  { db, config, operators }: { db: Db; config: AppConfig; operators: OperatorAuth },
) => {
  const service = createSupportService({
    db,
    support: createSupportRepository(db),
    notifier: createNotifier(db),
    now: config.now,
  });
  await service.ensureDefaults();
  await app.register(supportRoutes, { service });
  await app.register(supportAdminRoutes, { operators, service });
};
