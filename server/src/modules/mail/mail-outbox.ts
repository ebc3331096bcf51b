import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type NodemailerError, type SendMailOptions } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { rowsOf, type Executor } from '../ledger/transaction';
import type { DeliveryOptions } from './mail-config';
import type { Mailer, MailMessage } from './mailer';

export type { DeliveryOptions } from './mail-config';

export const DEFAULT_DELIVERY: Readonly<DeliveryOptions> = Object.freeze({
  pollMs: 1_000,
  retryBaseMs: 30_000,
  retryMaxMs: 30 * 60_000,
  maxAttempts: 50,
  maxAgeMs: 24 * 3_600_000,
  claimMs: 5 * 60_000,
  connectTimeoutMs: 15_000,
  socketTimeoutMs: 60_000,
  retentionMs: 7 * 24 * 3_600_000,
  maxRows: 100_000,
  sweepMs: 60_000,
});

/** What the loop needs of an SMTP client (nodemailer's transporter). */
interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>;
  close(): void;
}

/** One pooled SMTP connection to `SMTP_URL` (`smtp://` upgrades with STARTTLS when offered, `smtps://` is TLS). */
export const createSmtpTransport = (url: string, options: DeliveryOptions): MailTransport =>
  nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: options.connectTimeoutMs,
    greetingTimeout: options.connectTimeoutMs,
    socketTimeout: options.socketTimeoutMs,
  });

interface ClaimedRow {
  id: string | number;
  message_id: string;
  recipient: string;
  subject: string;
  body: string;
  created_ms: number;
  attempts: number;
}

const interval = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;
const PENDING = sql`sent_at IS NULL AND failed_at IS NULL`;
const UNCLAIMED = sql`(claimed_until IS NULL OR claimed_until <= now())`;
const FINISHED = sql`(sent_at IS NOT NULL OR failed_at IS NOT NULL)`;
/** Rows one cleanup statement deletes at most (short statements, short locks). */
const SWEEP_BATCH = 5_000;

const describeError = (error: unknown): string => {
  const e = error as NodemailerError;
  const text = [e.code, e.responseCode, e.message].filter((part) => part !== undefined && part !== '').join(' ');
  return (text || String(error)).slice(0, 500);
};

/** `ms` made up to half shorter at random, so rows that failed together do not all come back together. */
const jitter = (ms: number) => Math.round(ms / 2 + (Math.random() * ms) / 2);

interface MailOutboxDeps {
  db: Db;
  transport: MailTransport;
  /** The From address (`MAIL_FROM`); its domain also names the Message-IDs. */
  from: string;
  log: FastifyBaseLogger;
  delivery?: Partial<DeliveryOptions>;
}

/**
 * Mail through a table: `send` stores the message (in the caller's transaction where it has one), and a
 * loop in every API process claims due rows one at a time (`FOR UPDATE SKIP LOCKED`, then a claim with a
 * deadline, so two processes never send the same row), sends each over SMTP and marks it sent once the
 * server accepted it. A failed try comes back later (exponential backoff) until the bound; a process that
 * died mid-send leaves a claim that lapses, and the retry carries the same Message-ID. A mail-server
 * outage therefore loses nothing: the rows wait in the database.
 */
export const createMailOutbox = ({ db, transport, from, log, delivery }: MailOutboxDeps) => {
  const options: DeliveryOptions = { ...DEFAULT_DELIVERY, ...delivery };
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  const backoff = (failures: number) =>
    jitter(Math.min(options.retryBaseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30), options.retryMaxMs));

  const enqueue = async (executor: Executor, message: MailMessage) => {
    await executor.insert(mailOutbox).values({
      messageId: `<${randomUUID()}@${domain}>`,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
  };

  /** The due row this process may send now, or none; counts the try. */
  const claim = async (): Promise<ClaimedRow | undefined> => {
    const [row] = await rowsOf<ClaimedRow>(
      db,
      sql`
        UPDATE mail_outbox SET claimed_until = now() + ${interval(options.claimMs)}, attempts = attempts + 1
        WHERE id = (
          SELECT id FROM mail_outbox
          WHERE ${PENDING} AND next_attempt_at <= now() AND ${UNCLAIMED}
          ORDER BY next_attempt_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, message_id, recipient, subject, body,
          (extract(epoch FROM created_at) * 1000)::float8 AS created_ms, attempts`,
    );
    return row;
  };

  const markSent = (id: ClaimedRow['id']) =>
    db.execute(
      sql`UPDATE mail_outbox SET sent_at = now(), claimed_until = NULL, body = '' WHERE id = ${String(id)}::bigint`,
    );

  /** Records a failed try: back off, or give up (`refused`: the server refused this message for good). */
  const markFailed = async (row: ClaimedRow, error: string, refused: boolean, retryInMs: number) => {
    const giveUp: SQL = sql`(${refused}::boolean OR attempts >= ${options.maxAttempts}
      OR created_at <= now() - ${interval(options.maxAgeMs)})`;
    const [result] = await rowsOf<{ gave_up: boolean }>(
      db,
      sql`
        UPDATE mail_outbox SET claimed_until = NULL, last_error = ${error},
          next_attempt_at = now() + ${interval(retryInMs)},
          failed_at = CASE WHEN ${giveUp} THEN now() END,
          body = CASE WHEN ${giveUp} THEN '' ELSE body END
        WHERE id = ${String(row.id)}::bigint
        RETURNING failed_at IS NOT NULL AS gave_up`,
    );
    const entry = { mailId: String(row.id), to: row.recipient, attempts: row.attempts, error };
    if (result?.gave_up) log.error(entry, 'mail delivery gave up');
    else log.warn({ ...entry, retryInMs }, 'mail delivery failed, will retry');
  };

  /** The age bound, the retention and the cap; each statement bounded and logged when it drops mail. */
  const sweep = async () => {
    const expired = await rowsOf<{ id: string }>(
      db,
      sql`
        UPDATE mail_outbox SET failed_at = now(), body = '',
          last_error = coalesce(last_error || ' ', '') || '(not sent within the age limit)'
        WHERE ${PENDING} AND ${UNCLAIMED} AND created_at <= now() - ${interval(options.maxAgeMs)}
        RETURNING id`,
    );
    if (expired.length) {
      log.error(
        { count: expired.length, mailIds: expired.slice(0, 20).map((r) => String(r.id)) },
        'mail delivery gave up: too old',
      );
    }
    for (;;) {
      const removed = await rowsOf<{ id: string }>(
        db,
        sql`
          DELETE FROM mail_outbox WHERE id IN (
            SELECT id FROM mail_outbox
            WHERE created_at <= now() - ${interval(options.retentionMs)}
              AND coalesce(sent_at, failed_at) <= now() - ${interval(options.retentionMs)}
            LIMIT ${SWEEP_BATCH}
          ) RETURNING id`,
      );
      if (removed.length < SWEEP_BATCH) break;
    }
    const [count] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM mail_outbox`);
    let excess = (count?.n ?? 0) - options.maxRows;
    if (excess <= 0) return;
    const finished = await rowsOf<{ id: string }>(
      db,
      sql`
        DELETE FROM mail_outbox WHERE id IN (
          SELECT id FROM mail_outbox WHERE ${FINISHED} ORDER BY id LIMIT ${excess}
        ) RETURNING id`,
    );
    excess -= finished.length;
    if (excess <= 0) return;
    const dropped = await rowsOf<{ id: string; recipient: string }>(
      db,
      sql`
        DELETE FROM mail_outbox WHERE id IN (
          SELECT id FROM mail_outbox WHERE ${PENDING} AND ${UNCLAIMED} ORDER BY id LIMIT ${excess}
        ) RETURNING id, recipient`,
    );
    if (dropped.length) {
      log.error(
        { count: dropped.length, maxRows: options.maxRows, mailIds: dropped.slice(0, 20).map((r) => String(r.id)) },
        'mail outbox full: the oldest unsent mails were dropped',
      );
    }
  };

  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let nextSweepAt = 0;
  /** Consecutive failed passes (database unreachable) and SMTP failures not tied to one message. */
  let databaseFailures = 0;
  let serverFailures = 0;
  let pausedUntil = 0;

  /** Sends one claimed row; false when the server (not this message) failed, so the pass should pause. */
  const deliver = async (row: ClaimedRow): Promise<boolean> => {
    try {
      await transport.sendMail({
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        messageId: row.message_id,
        date: new Date(row.created_ms),
      });
    } catch (error) {
      const e = error as NodemailerError;
      // EENVELOPE / EMESSAGE: the server answered about this message; anything else is about the server.
      const aboutMessage = e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
      if (!aboutMessage) serverFailures += 1;
      await markFailed(row, describeError(error), aboutMessage && e.permanent === true, backoff(row.attempts));
      return aboutMessage;
    }
    serverFailures = 0;
    // Should this fail (database gone), the claim lapses and the row is sent again with its Message-ID.
    await markSent(row.id);
    log.info({ mailId: String(row.id), to: row.recipient, attempts: row.attempts }, 'mail sent');
    return true;
  };

  const pass = async () => {
    if (Date.now() >= nextSweepAt) {
      nextSweepAt = Date.now() + options.sweepMs;
      await sweep();
    }
    while (!stopped && Date.now() >= pausedUntil) {
      const row = await claim();
      if (!row) return;
      if (!(await deliver(row))) pausedUntil = Date.now() + backoff(serverFailures);
    }
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };

  function run() {
    timer = undefined;
    if (stopped || running) return;
    wakeAgain = false;
    running = pass()
      .then(
        () => {
          databaseFailures = 0;
        },
        (error: unknown) => {
          databaseFailures += 1;
          // One line per failure streak's doubling step: 1st, 2nd, 4th, 8th … failed pass.
          if ((databaseFailures & (databaseFailures - 1)) === 0) {
            log.warn({ err: error, failures: databaseFailures }, 'mail delivery pass failed');
          }
        },
      )
      .finally(() => {
        running = undefined;
        const paused = Math.max(0, pausedUntil - Date.now());
        if (databaseFailures) schedule(Math.min(options.pollMs * 2 ** databaseFailures, 60_000));
        else schedule(wakeAgain ? paused : Math.max(paused, options.pollMs));
      });
  }

  /** Looks for due mail now (a message was queued), unless the server is being waited for. */
  const wake = () => {
    if (stopped) return;
    if (running) wakeAgain = true;
    else if (Date.now() >= pausedUntil) schedule(0);
  };

  const mailer: Mailer = {
    async send(message) {
      await enqueue(db, message);
      wake();
    },
    async sendInTransaction(tx, message) {
      await enqueue(tx, message);
      // Seen once the caller commits: at once on PGlite (one connection), at the next poll otherwise.
      wake();
    },
  };

  return {
    mailer,
    options,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops the loop: the send in flight may finish (up to 5 s), then the SMTP connection closes. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (running) {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, 5_000)))]);
        clearTimeout(grace);
      }
      transport.close();
      await running;
    },
    sweep,
  };
};
