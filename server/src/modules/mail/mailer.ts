import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** How the server sends mail. The embedded default drops messages into a folder; SMTP can implement it later. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
