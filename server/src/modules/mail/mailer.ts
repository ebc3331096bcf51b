import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../ledger/transaction';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * How the server sends mail: the embedded default drops messages into a folder; with `SMTP_URL` they go
 * through the database outbox to an SMTP server (`mail-outbox.ts`).
 */
export interface Mailer {
  /** Sends (folder) or queues (database outbox) one message, outside any transaction. */
  send(message: MailMessage): Promise<void>;
  /**
   * Queues the message in the caller's transaction, so it leaves exactly when that write commits (the
   * database outbox). Absent (the folder): the caller sends the message once its transaction committed.
   */
  sendInTransaction?(tx: Tx, message: MailMessage): Promise<void>;
}

/** Writes each message as a file under `DATA_DIR/outbox/` and logs it (no mail server in the embedded setup). */
export const createOutboxMailer = (outboxDir: string, log: FastifyBaseLogger): Mailer => ({
  async send(message) {
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    const body = `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
    await writeFile(file, body, { mode: 0o600 });
    log.info({ to: message.to, file }, 'mail written to outbox');
  },
});
