/** How the outbox delivers; every process that runs the app runs one delivery loop on the shared table. */
export interface DeliveryOptions {
  /** How often a process looks for due mail when nothing woke it (a send in this process wakes it). */
  pollMs: number;
  /** First retry after this, doubled per failed try up to `retryMaxMs` (each made up to half shorter at random). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Delivery gives up (logged) after this many tries or once the mail is this old, whichever comes first. */
  maxAttempts: number;
  maxAgeMs: number;
  /** A try's hold on its row; longer than the SMTP timeouts, so only a dead sender's claim lapses. */
  claimMs: number;
  /** SMTP connect and greeting timeout, and the longest silence of the server during a send. */
  connectTimeoutMs: number;
  socketTimeoutMs: number;
  /** Sent and given-up rows are deleted this long after they finished. */
  retentionMs: number;
  /** At most this many rows: past it the oldest finished rows go, then the oldest unsent (logged). */
  maxRows: number;
  /** How often the retention, the age bound and the cap are applied. */
  sweepMs: number;
}

/** SMTP delivery through the database outbox (`SMTP_URL`, `MAIL_FROM`). */
export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). */
  smtpUrl: string;
  /** The From address. */
  from: string;
  /** Retries, bounds and cap of the outbox; unset fields take `DEFAULT_DELIVERY` (tests shorten the backoff). */
  delivery?: Partial<DeliveryOptions>;
}

const DEFAULT_MAIL_FROM = 'Marketplace <no-reply@localhost>';

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
