import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { hashSecret } from '../src/lib/secrets';
import { rowsOf } from '../src/modules/ledger/transaction';
import { mailConfig, type MailConfig } from '../src/modules/mail/mail-config';
import type { DeliveryOptions } from '../src/modules/mail/mail-outbox';
import { call, createTestApp, humanHeaders, login, type TestApp } from './harness';

/** Mail as the test SMTP server received it. */
interface Received {
  messageId: string;
  from: string;
  subject: string;
  to: string[];
  text: string;
  /** The SMTP connection it came over (one per app process: the transport keeps one pooled connection). */
  session: string;
}

const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(head)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim() ?? '';

/** Headers and the text body of a raw message (quoted-printable undone: long lines are soft-wrapped). */
const parse = (raw: string) => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(header(head, 'Content-Transfer-Encoding'))) {
    body = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return {
    messageId: header(head, 'Message-ID'),
    from: header(head, 'From'),
    subject: header(head, 'Subject'),
    text: body,
  };
};

const SMTP_USER = 'mailer';
const SMTP_PASS = 's3cret';
const REFUSED = 'bounce@example.com';

/** A real SMTP server (npm `smtp-server`) that requires the credentials of the SMTP_URL and keeps every mail. */
const startSmtp = async (port = 0, { delayMs = 0 } = {}) => {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address !== REFUSED) return callback();
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            ...parse(Buffer.concat(chunks).toString('utf8')),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            session: session.id,
          });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** A port nothing listens on (the mail server is "down" until a test starts it there). */
const freePort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

/** What `SMTP_URL=smtp://mailer:s3cret@127.0.0.1:<port>` and `MAIL_FROM` give, with a quick retry backoff. */
const smtpConfig = (port: number, delivery: Partial<DeliveryOptions> = {}): MailConfig => ({
  ...mailConfig({
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    MAIL_FROM: 'Shop <no-reply@shop.test>',
  })!,
  delivery: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400, connectTimeoutMs: 2_000, ...delivery },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async <T>(probe: () => T | undefined | Promise<T | undefined>, what: string, ms = 10_000) => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
};

interface OutboxRow {
  id: string;
  message_id: string;
  recipient: string;
  body: string;
  attempts: number;
  last_error: string | null;
  sent: boolean;
  failed: boolean;
}
const outboxRows = (db: Db) =>
  rowsOf<OutboxRow>(
    db,
    sql`SELECT id::text AS id, message_id, recipient, body, attempts, last_error,
          sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed
        FROM mail_outbox ORDER BY mail_outbox.id`,
  );

const addShoppers = async (db: Db, accounts: string[], email = (account: string) => `${account}@example.com`) => {
  const passwordHash = await hashSecret('secret1');
  // Verified addresses, inserted directly: reset codes go only to a proven email.
  await db
    .insert(users)
    .values(accounts.map((account) => ({ account, passwordHash, email: email(account), emailVerifiedAt: new Date() })));
};

const requestCode = async (app: FastifyInstance, account: string) =>
  call(app, {
    method: 'POST',
    url: '/api/user/forgot_password/send',
    headers: await humanHeaders(app),
    payload: { account },
  });
const reset = async (app: FastifyInstance, account: string, code: string, password: string) =>
  call(app, {
    method: 'POST',
    url: '/api/user/forgot_password/reset',
    headers: await humanHeaders(app),
    payload: { account, code, password, confirmPassword: password },
  });
const METRICS_TOKEN = 'mail-metrics-test';
/** The Prometheus scrape as an operator (the automation token) reads it. */
const metricsText = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/metrics', headers: { 'admin-token': METRICS_TOKEN } })).body;
const SENT_ANSWER = { code: 1, msg: 'If the account has an email, a verification code has been sent to it' };
const codeIn = (mail: Received) => /code is (\d{6})/.exec(mail.text)![1]!;

let t: TestApp | undefined;
let smtp: Smtp | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

describe('SMTP_URL', () => {
  it('is read with MAIL_FROM; unset keeps the outbox folder; a malformed one stops the start', () => {
    expect(mailConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587', MAIL_FROM: 'Shop <shop@example.com>' })).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      from: 'Shop <shop@example.com>',
    });
    expect(mailConfig({ SMTP_URL: 'smtps://mail.example.com' })?.from).toBe('Marketplace <no-reply@localhost>');
    expect(mailConfig({})).toBeUndefined();
    expect(() => mailConfig({ SMTP_URL: 'mail.example.com:587' })).toThrow('SMTP_URL');
    expect(() => mailConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow('smtp://');
  });
});

describe('password reset over SMTP', () => {
  it('the code arrives at the SMTP server and resets the password', async () => {
    smtp = await startSmtp();
    t = await createTestApp({ mail: smtpConfig(smtp.port) });
    await addShoppers(t.db, ['ivy']);

    expect(await requestCode(t.app, 'ivy')).toMatchObject(SENT_ANSWER);
    const mail = await waitFor(() => smtp!.received[0], 'the reset mail');
    expect(mail).toMatchObject({ to: ['ivy@example.com'], from: 'Shop <no-reply@shop.test>' });
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@shop\.test>$/);
    expect(mail.subject).toBe('Your password reset code');
    expect(await reset(t.app, 'ivy', codeIn(mail), 'newpass1')).toMatchObject({ code: 1 });
    const token = await login(t.app, 'ivy', 'newpass1');
    // The e-mail verification code goes the same way (queued in its code's transaction).
    expect(await call(t.app, { method: 'POST', url: '/api/user/email/send_code', headers: { token } })).toMatchObject({
      code: 1,
    });
    const verify = await waitFor(() => smtp!.received[1], 'the e-mail code');
    expect(verify).toMatchObject({ to: ['ivy@example.com'], subject: 'Verify your email address' });

    // A row per mail, marked sent, its Message-ID the one that arrived, the code no longer stored.
    const rows = await waitFor(async () => {
      const all = await outboxRows(t!.db);
      return all.every((row) => row.sent) ? all : undefined;
    }, 'the rows marked sent');
    expect(rows).toEqual(
      [mail, verify].map((sent) =>
        expect.objectContaining({ message_id: sent.messageId, recipient: 'ivy@example.com', body: '', attempts: 1 }),
      ),
    );
    expect(smtp.received).toHaveLength(2);
    // Nothing went to the folder of the embedded setup.
    expect(existsSync(path.join(t.config.dataDir, 'outbox'))).toBe(false);
  });

  it('while the mail server is down the request still succeeds; the mail arrives once when it is back', async () => {
    const port = await freePort();
    t = await createTestApp({ mail: smtpConfig(port), adminToken: METRICS_TOKEN });
    await addShoppers(t.db, ['jane']);

    expect(await requestCode(t.app, 'jane')).toMatchObject(SENT_ANSWER);
    // Tried (connection refused) and tried again with backoff: kept, with its error.
    const [waiting] = await waitFor(async () => {
      const rows = await outboxRows(t!.db);
      return rows[0] && rows[0].attempts >= 3 ? rows : undefined;
    }, 'three failed tries');
    expect(waiting).toMatchObject({ sent: false, failed: false, recipient: 'jane@example.com' });
    expect(waiting!.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    // SMTP is out of readiness (the outbox absorbs it), but the backlog and the last error are in /metrics.
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const down = await metricsText(t.app);
    expect(down).toMatch(/^marketplace_mail_outbox_pending 1$/m);
    expect(down).toMatch(
      /^marketplace_mail_last_error_info\{error="[^"]*(ECONNREFUSED|ESOCKET|ECONNECTION)[^"]*"\} 1$/m,
    );

    smtp = await startSmtp(port);
    const started = Date.now();
    const mail = await waitFor(() => smtp!.received[0], 'the mail after the server came back', 5_000);
    // Within the largest backoff (400 ms) plus a poll; then no second copy over many more polls and retries.
    expect(Date.now() - started).toBeLessThan(2_000);
    await sleep(1_500);
    expect(smtp.received).toHaveLength(1);
    expect(mail.messageId).toBe(waiting!.message_id);
    expect((await outboxRows(t.db))[0]).toMatchObject({ sent: true, failed: false });
    expect(await reset(t.app, 'jane', codeIn(mail), 'newpass2')).toMatchObject({ code: 1 });
    const up = await metricsText(t.app);
    expect(up).toMatch(/^marketplace_mail_outbox_pending 0$/m);
    expect(up).not.toMatch(/^marketplace_mail_last_error_info\{/m);
  });

  it('a recipient the server refuses for good is given up at once, not retried', async () => {
    smtp = await startSmtp();
    t = await createTestApp({ mail: smtpConfig(smtp.port) });
    await addShoppers(t.db, ['kim', 'lou'], (account) => (account === 'kim' ? REFUSED : `${account}@example.com`));

    expect(await requestCode(t.app, 'kim')).toMatchObject(SENT_ANSWER);
    expect(await requestCode(t.app, 'lou')).toMatchObject(SENT_ANSWER);
    await waitFor(() => smtp!.received.find((mail) => mail.to.includes('lou@example.com')), 'the other mail');
    const rows = await waitFor(async () => {
      const all = await outboxRows(t!.db);
      return all.every((row) => row.sent || row.failed) ? all : undefined;
    }, 'both rows finished');
    expect(rows).toEqual([
      expect.objectContaining({ recipient: REFUSED, failed: true, sent: false, attempts: 1, body: '' }),
      expect.objectContaining({ recipient: 'lou@example.com', sent: true }),
    ]);
    expect(rows[0]!.last_error).toMatch(/550/);
  });
});

describe('the outbox is bounded', () => {
  it('drops the oldest unsent mail past the cap, gives up on old mail, deletes finished rows after the retention', async () => {
    const port = await freePort(); // down: nothing is sent
    t = await createTestApp({ mail: smtpConfig(port, { maxRows: 5, sweepMs: 50, retentionMs: 3_600_000 }) });
    await t.db.execute(sql`
      INSERT INTO mail_outbox (message_id, recipient, subject, body, created_at, sent_at)
      VALUES ('<old-sent@x>', 'a@example.com', 's', '', now() - interval '2 hours', now() - interval '2 hours'),
             ('<stale@x>', 'b@example.com', 's', 'b', now() - interval '25 hours', NULL)`);
    await t.db.execute(sql`
      INSERT INTO mail_outbox (message_id, recipient, subject, body)
      SELECT '<m' || n || '@x>', 'c' || n || '@example.com', 's', 'b' FROM generate_series(1, 8) AS n`);

    const rows = await waitFor(async () => {
      const all = await outboxRows(t!.db);
      return all.length <= 5 ? all : undefined;
    }, 'the sweep');
    // The finished rows went first (the one past the retention, then the one given up for age), then the
    // oldest unsent; the newest five unsent mails are kept.
    expect(rows.map((row) => row.message_id)).toEqual(['<m4@x>', '<m5@x>', '<m6@x>', '<m7@x>', '<m8@x>']);
    expect(rows.every((row) => !row.sent && !row.failed)).toBe(true);
  });

  it('gives up on mail older than the age limit, with its last error kept', async () => {
    const port = await freePort();
    t = await createTestApp({ mail: smtpConfig(port, { sweepMs: 50 }) });
    await t.db.execute(sql`
      INSERT INTO mail_outbox (message_id, recipient, subject, body, created_at, attempts, last_error, next_attempt_at)
      VALUES ('<stale@x>', 'b@example.com', 's', 'code 123456', now() - interval '25 hours', 40, 'ECONNREFUSED',
              now() + interval '1 hour')`);
    const [row] = await waitFor(async () => {
      const all = await outboxRows(t!.db);
      return all[0]?.failed ? all : undefined;
    }, 'the stale row given up');
    expect(row).toMatchObject({ body: '', sent: false, attempts: 40 });
    expect(row!.last_error).toBe('ECONNREFUSED (not sent within the age limit)');
  });
});

describe('several API processes on one PostgreSQL database', () => {
  const postgresOnly = process.env.TEST_DATABASE_URL ? it : it.skip;
  postgresOnly('two app instances deliver each queued mail exactly once', async () => {
    const port = await freePort(); // down while the mail queues up
    t = await createTestApp({ mail: smtpConfig(port, { pollMs: 20 }) });
    const secondDir = mkdtempSync(path.join(tmpdir(), 'mp-mail-second-'));
    const second = await buildApp({ ...t.config, dataDir: secondDir, seedDemo: false }, { logger: false });
    try {
      const accounts = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
      await addShoppers(t.db, accounts);
      for (const [n, account] of accounts.entries()) {
        expect(await requestCode(n % 2 ? second : t.app, account)).toMatchObject(SENT_ANSWER);
      }
      await t.db.execute(sql`
        INSERT INTO mail_outbox (message_id, recipient, subject, body)
        SELECT '<bulk-' || n || '@shop.test>', 'bulk' || n || '@example.com', 'Notice', 'Notice ' || n
        FROM generate_series(1, 60) AS n`);
      const queued = (await outboxRows(t.db)).map((row) => row.message_id).sort();
      expect(queued).toHaveLength(66);

      // Both processes race for the rows once the server is up; it takes 10 ms per mail.
      smtp = await startSmtp(port, { delayMs: 10 });
      await waitFor(() => smtp!.received.length >= 66, 'all 66 mails', 15_000);
      await waitFor(async () => (await outboxRows(t!.db)).every((row) => row.sent), 'every row marked sent');
      await sleep(500);
      expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(queued);
      // Both processes sent some (each holds its own SMTP connection).
      expect(new Set(smtp.received.map((mail) => mail.session)).size).toBeGreaterThanOrEqual(2);
    } finally {
      await second.close();
      rmSync(secondDir, { recursive: true, force: true });
    }
  });
});
