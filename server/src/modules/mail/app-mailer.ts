import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/client';
import { createMailOutbox, createSmtpTransport, DEFAULT_DELIVERY } from './mail-outbox';
import { createOutboxMailer, type Mailer } from './mailer';

/**
 * The app's mailer (made in modules.ts). With `SMTP_URL`: the database outbox, whose delivery loop starts
 * when the app is ready and stops on `app.close()` (an onClose hook added after the database's, so it runs
 * first: the last try is recorded before the database closes). Without: the `DATA_DIR/outbox` folder.
 */
export const createAppMailer = (app: FastifyInstance, db: Db, config: AppConfig): Mailer => {
  if (!config.mail) return createOutboxMailer(path.join(config.dataDir, 'outbox'), app.log);
  const delivery = { ...DEFAULT_DELIVERY, ...config.mail.delivery };
  const outbox = createMailOutbox({
    db,
    transport: createSmtpTransport(config.mail.smtpUrl, delivery),
    from: config.mail.from,
    log: app.log,
    delivery,
  });
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());
  return outbox.mailer;
};
