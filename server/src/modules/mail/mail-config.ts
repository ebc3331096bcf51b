import type { DeliveryOptions } from './mail-outbox';

/** SMTP delivery through the database outbox (`SMTP_URL`, `MAIL_FROM`). */
export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). */
  smtpUrl: string;
  /** The From address. */
  from: string;
  /** Retries, bounds and cap of the outbox; unset fields take `DEFAULT_DELIVERY` (tests shorten the backoff). */
  delivery?: Partial<DeliveryOptions>;
}

export const DEFAULT_MAIL_FROM = 'Marketplace <no-reply@localhost>';

/** Unset `SMTP_URL` = mail goes to the `DATA_DIR/outbox` folder; a malformed one stops the start. */
export const mailConfig = (env: NodeJS.ProcessEnv): MailConfig | undefined => {
  const url = env.SMTP_URL?.trim();
  if (!url) return undefined;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // The URL itself is not repeated: it may hold the password.
    throw new Error('SMTP_URL is not a URL (smtp://user:pass@host:587)');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return { smtpUrl: url, from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM };
};
