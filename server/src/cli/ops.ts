/**
 * Operator command-line client for the operator API (`/api/admin/*`).
 *   npm run ops -- orders [status]                 list orders (status: all, 0, 1, 2, 3, 4, -1, -2, -3, -4)
 *   npm run ops -- order <id>                      one order with its logistics
 *   npm run ops -- ship <orderId> <carrier> <trackingNo>
 *   npm run ops -- deliver <orderId>
 *   npm run ops -- refunds                         refund requests waiting for a decision
 *   npm run ops -- refund <orderId> agree|refuse [reason...]
 *   npm run ops -- adjust <account> <amount in dollars, e.g. 12.50 or -3> <reason...>
 *   npm run ops -- check                           balance == sum(ledger) for every shopper
 *   npm run ops -- recharges [status]              top-ups (status: 0 auditing (default), 1 passed, 2 refused, all)
 *   npm run ops -- recharge <id> approve|refuse [reason...]
 *   npm run ops -- withdrawals [status]            withdrawals (same statuses)
 *   npm run ops -- withdrawal <id>                 one withdrawal with its full payout account
 *   npm run ops -- withdraw <id> approve|refuse [reason...]   approve = paid out; refuse = amount returned
 *   npm run ops -- channels                        deposit channels
 *   npm run ops -- channel-add <bank|onChain|manual> <name> <address> [minDollars] [addressRegex] [withdrawable]
 *   npm run ops -- channel-on|channel-off <id>
 *   npm run ops -- audit [limit]                   latest operator decisions
 *   npm run ops -- threads                         customer-service threads, unanswered first
 *   npm run ops -- thread <userId>                 one shopper's conversation
 *   npm run ops -- reply <userId> <text...>        answer a shopper (who also gets a notification)
 *   npm run ops -- page-set <help|law|platform> <lang> <title> <file>   replace a content page with a text file
 *   npm run ops -- complaints [open|handled|all]   complaints, newest first (default open)
 *   npm run ops -- complaint-handle <id>            mark a complaint handled
 *   npm run ops -- merchant-applications            merchant sign-up applications, newest first
 *   npm run ops -- vip-levels                       VIP levels with price, benefits and whether on sale
 *   npm run ops -- vip-level-set <level> <name> <dollars> [on|off]   create or change a VIP level
 *
 * Operator accounts (docs/decisions/0002-operator-accounts.md): operators sign in with their own name, password and TOTP code.
 *   npm run ops -- bootstrap <code> <name>          the first admin with the code `npm start` prints: asks the password
 *                                                   (twice) first, then enrols TOTP; the code works until that is done
 *   npm run ops -- recover-admin <name>             lost admin: needs the server secret (ALTCHA_HMAC_KEY, or the
 *                                                   key in DATA_DIR); <name> becomes an admin with a new set-up (audited)
 *   npm run ops -- setup <name> <setupCode>         set a password, enrol TOTP (QR code shown), sign in
 *   npm run ops -- sign-in <name>                   password and TOTP code; the session is kept in OPS_SESSION_FILE
 *   npm run ops -- sign-out | whoami
 *   npm run ops -- operators                        accounts with roles (admin)
 *   npm run ops -- operator-add <name> <roles>      roles: comma list of finance, support, release, admin
 *   npm run ops -- operator-roles <id> <roles> | operator-disable <id> | operator-enable <id>
 *   npm run ops -- operator-reset <id>              new set-up code (lost phone or password)
 *   npm run ops -- operator-revoke <id>             end every session of an operator
 * OPS_URL (default http://127.0.0.1:$PORT or 8080). Credential: ADMIN_TOKEN when set (the automation token,
 * local automation only), else the signed-in session (OPS_SESSION_FILE, default ~/.marketplace-ops-session),
 * else DATA_DIR/admin.token (the embedded server's automation token). Prompts read stdin (hidden on a terminal).
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import QRCode from 'qrcode';
import { formatMoney, type Envelope } from '@marketplace/shared/contracts';
import { findRepoRoot } from '../config/repo-root';

const baseUrl = process.env.OPS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

const sessionFile = process.env.OPS_SESSION_FILE ?? path.join(homedir(), '.marketplace-ops-session');

const readSession = (): { token: string; name: string; url: string } | undefined => {
  try {
    return JSON.parse(readFileSync(sessionFile, 'utf8')) as { token: string; name: string; url: string };
  } catch {
    return undefined;
  }
};

const credential = (): Record<string, string> => {
  if (process.env.ADMIN_TOKEN) return { 'admin-token': process.env.ADMIN_TOKEN };
  const session = readSession();
  if (session && session.url === baseUrl) return { 'operator-token': session.token };
  const file = path.join(path.resolve(process.env.DATA_DIR ?? path.join(findRepoRoot(), 'var')), 'admin.token');
  try {
    return { 'admin-token': readFileSync(file, 'utf8').trim() };
  } catch {
    throw new Error('Not signed in: npm run ops -- sign-in <name>');
  }
};

/** The sign-in's trusted-device cookie (user/trusted-device.ts), kept beside the session file. */
const deviceFile = `${sessionFile}.device`;
const readDevice = () => {
  try {
    return readFileSync(deviceFile, 'utf8').trim();
  } catch {
    return '';
  }
};

const request = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, signedIn = true): Promise<T> => {
  const device = url === '/api/admin/auth/sign_in' ? readDevice() : '';
  const response = await fetch(new URL(url, baseUrl), {
    method,
    headers: {
      ...(signedIn ? credential() : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(device ? { cookie: device } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const cookie = /^(mp_device=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (cookie) writeFileSync(deviceFile, cookie, { mode: 0o600 });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 1) throw new Error(envelope.msg);
  return envelope.data;
};

/** Lines of stdin, one per prompt: typed (not echoed when `hidden` on a terminal) or piped. */
const input = createInterface({ input: process.stdin, terminal: false });
const lines = input[Symbol.asyncIterator]();
const ask = async (question: string, hidden = false): Promise<string> => {
  process.stderr.write(question);
  // Raw mode on a terminal: the typed characters are not echoed; Enter still ends the line.
  const mute = hidden && process.stdin.isTTY;
  if (mute) process.stdin.setRawMode(true);
  try {
    const next = await lines.next();
    if (next.done) throw new Error('No answer on stdin');
    const answer = String(next.value);
    if (answer.includes('\u0003')) throw new Error('Interrupted');
    return answer.trim();
  } finally {
    if (mute) {
      process.stdin.setRawMode(false);
      process.stderr.write('\n');
    }
  }
};

interface Session {
  token: string;
  expiresAt: string;
  operator: { id: number; name: string; roles: string[] };
}

const keepSession = (session: Session) => {
  writeFileSync(sessionFile, JSON.stringify({ token: session.token, name: session.operator.name, url: baseUrl }), {
    mode: 0o600,
  });
  return `signed in as ${session.operator.name} (${session.operator.roles.join(', ')}) until ${session.expiresAt}`;
};

/** A new password, typed twice; asked again (up to three times) when the two differ. */
const newPassword = async () => {
  for (let round = 0; round < 3; round++) {
    const password = await ask('New password (12 to 128 characters): ', true);
    if ((await ask('Repeat the password: ', true)) === password) return password;
    process.stderr.write('The passwords differ. Again:\n');
  }
  throw new Error('The passwords differ');
};

/**
 * Set-up of an account: the password (asked first, when not given), then the TOTP secret shown as a QR code,
 * confirmed with a code.
 */
const setUp = async (name: string, setupCode: string, given?: string) => {
  const password = given ?? (await newPassword());
  const enrolment = await request<{ otpauthUri: string; secret: string }>(
    'POST',
    '/api/admin/auth/setup',
    { name, setupCode, password },
    false,
  );
  console.error(await QRCode.toString(enrolment.otpauthUri, { type: 'terminal', small: true }));
  console.error(`Scan it with an authenticator app, or enter the key ${enrolment.secret}\n${enrolment.otpauthUri}`);
  const code = await ask('Code shown by the authenticator: ');
  return keepSession(await request<Session>('POST', '/api/admin/auth/setup_confirm', { name, setupCode, code }, false));
};

const roleList = (value: string | undefined) => {
  const roles = (value ?? '').split(',').filter(Boolean);
  if (!roles.length) throw new Error('Give roles as a comma list: finance, support, release, admin');
  return roles;
};

const id = (value: string | undefined, what = 'an order') => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`Not ${what} id: ${value ?? '(missing)'}`);
  return parsed;
};

const decision = (value: string | undefined) => {
  if (value !== 'approve' && value !== 'refuse') throw new Error('Say approve or refuse');
  return value === 'approve';
};

const AUDIT_LABELS: Record<number, string> = { 0: 'auditing', 1: 'passed', 2: 'refused' };

/** The first 100 rows of an operator list with `status`, printed as a table of `columns`; says how many there are. */
const printStatusPage = async <T>(path: string, status: string, columns: (row: T) => object, rowsNamed: string) => {
  const page = await request<{ list: T[]; total: number }>(
    'GET',
    `${path}?status=${encodeURIComponent(status)}&pageSize=100`,
  );
  console.table(page.list.map(columns));
  return `${page.total} ${rowsNamed}`;
};

/** Approves or refuses (`verdict`) the top-up or withdrawal `requestId` with a reason; true when approved. */
const decideRequest = async (
  path: string,
  requestId: string | undefined,
  what: string,
  verdict: string | undefined,
  reason: string[],
) => {
  const agree = decision(verdict);
  await request('POST', path, { id: id(requestId, what), agree, reason: reason.join(' ') });
  return agree;
};

interface RecordRow {
  id: number;
  status: number;
  reason: string;
  createdAt: string;
  [key: string]: unknown;
}

const dollarsToCents = (value: string | undefined) => {
  const match = /^(-)?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) throw new Error(`Not an amount in dollars: ${value ?? '(missing)'}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
};

interface OrderRow {
  id: number;
  orderNo: string;
  status: number;
  shopName: string;
  total: number;
  createdAt: string;
}

const commands: Record<string, (args: string[]) => Promise<unknown>> = {
  async bootstrap([code, name]) {
    if (!code || !name) throw new Error('Usage: bootstrap <code printed by npm start> <your operator name>');
    // The password first: nothing is created before it is known. Until the TOTP code is confirmed the
    // admin is unfinished and the same bootstrap code starts again.
    const password = await newPassword();
    const created = await request<{ setupCode: string }>('POST', '/api/admin/auth/bootstrap', { code, name }, false);
    return setUp(name, created.setupCode, password);
  },
  async 'recover-admin'([name]) {
    if (!name) throw new Error('Usage: recover-admin <operator name>');
    const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(findRepoRoot(), 'var'));
    let key = process.env.ALTCHA_HMAC_KEY ?? '';
    if (!key) {
      try {
        key = readFileSync(path.join(dataDir, 'altcha-hmac.key'), 'utf8').trim();
      } catch {
        throw new Error('recover-admin needs the server secret: set ALTCHA_HMAC_KEY, or DATA_DIR of the server');
      }
    }
    // The same derivation as the server's (modules.ts: the bootstrap key), over the name and the time now.
    const bootstrapKey = createHash('sha256').update(`operator-bootstrap:${key}`).digest('hex');
    const at = Date.now();
    const proof = createHmac('sha256', bootstrapKey).update(`operator-recovery:${name}:${at}`).digest('base64url');
    const password = await newPassword();
    const recovered = await request<{ setupCode: string }>(
      'POST',
      '/api/admin/auth/recover',
      { name, at, proof },
      false,
    );
    return setUp(name, recovered.setupCode, password);
  },
  async setup([name, setupCode]) {
    if (!name || !setupCode) throw new Error('Usage: setup <name> <set-up code from your admin>');
    return setUp(name, setupCode);
  },
  async 'sign-in'([name]) {
    if (!name) throw new Error('Usage: sign-in <name>');
    const password = await ask('Password: ', true);
    const code = await ask('Authenticator code: ');
    return keepSession(await request<Session>('POST', '/api/admin/auth/sign_in', { name, password, code }, false));
  },
  async 'sign-out'() {
    if (readSession()) await request('POST', '/api/admin/auth/sign_out').catch(() => undefined);
    rmSync(sessionFile, { force: true });
    return 'signed out';
  },
  whoami: () => request('GET', '/api/admin/auth/me'),
  async operators() {
    const list = await request<Record<string, unknown>[]>('GET', '/api/admin/operators');
    console.table(list.map((row) => ({ ...row, roles: (row.roles as string[]).join(', ') })));
    return `${list.length} operator(s)`;
  },
  async 'operator-add'([name, roles]) {
    const created = await request<{ setupCode: string; setupExpiresAt: string }>('POST', '/api/admin/operator', {
      name,
      roles: roleList(roles),
    });
    return `${name}: hand over the set-up code ${created.setupCode} (valid until ${created.setupExpiresAt}); they run: npm run ops -- setup ${name} ${created.setupCode}`;
  },
  'operator-roles': ([operatorId, roles]) =>
    request('POST', '/api/admin/operator/roles', { id: id(operatorId, 'an operator'), roles: roleList(roles) }),
  'operator-disable': ([operatorId]) =>
    request('POST', '/api/admin/operator/disabled', { id: id(operatorId, 'an operator'), disabled: true }),
  'operator-enable': ([operatorId]) =>
    request('POST', '/api/admin/operator/disabled', { id: id(operatorId, 'an operator'), disabled: false }),
  async 'operator-reset'([operatorId]) {
    const reset = await request<{ setupCode: string; operator: { name: string } }>(
      'POST',
      '/api/admin/operator/reset',
      {
        id: id(operatorId, 'an operator'),
      },
    );
    return `${reset.operator.name}: new set-up code ${reset.setupCode}; they run: npm run ops -- setup ${reset.operator.name} ${reset.setupCode}`;
  },
  'operator-revoke': ([operatorId]) =>
    request('POST', '/api/admin/operator/sessions/revoke', { id: id(operatorId, 'an operator') }),
  orders: ([status = 'all']) =>
    printStatusPage(
      '/api/admin/orders',
      status,
      (o: OrderRow) => ({
        id: o.id,
        orderNo: o.orderNo,
        status: o.status,
        shop: o.shopName,
        total: formatMoney(o.total),
        created: o.createdAt,
      }),
      'order(s)',
    ),
  order: ([orderId]) => request('GET', `/api/admin/order?id=${id(orderId)}`),
  ship: ([orderId, carrier, trackingNo]) =>
    request('POST', '/api/admin/order/ship', { id: id(orderId), carrier, trackingNo }).then(() => 'shipped'),
  deliver: ([orderId]) => request('POST', '/api/admin/order/deliver', { id: id(orderId) }).then(() => 'delivered'),
  refunds: () => request('GET', '/api/admin/refunds'),
  async refund([orderId, decision, ...reason]) {
    if (decision !== 'agree' && decision !== 'refuse') throw new Error('Say agree or refuse');
    await request('POST', '/api/admin/refund/decide', {
      orderId: id(orderId),
      agree: decision === 'agree',
      reason: reason.join(' '),
    });
    return decision === 'agree' ? 'refunded' : 'refused';
  },
  async adjust([account, amount, ...reason]) {
    const result = await request<{ balance: number }>('POST', '/api/admin/balance/adjust', {
      account,
      amount: dollarsToCents(amount),
      reason: reason.join(' '),
    });
    return `balance now ${formatMoney(result.balance)}`;
  },
  check: () => request('GET', '/api/admin/ledger/check'),
  recharges: ([status = '0']) =>
    printStatusPage(
      '/api/admin/recharges',
      status,
      (r: RecordRow) => ({
        id: r.id,
        no: r.rechargeNo,
        method: r.method,
        network: r.network,
        from: r.address,
        amount: formatMoney(r.amount as number),
        status: AUDIT_LABELS[r.status],
        reason: r.reason,
        created: r.createdAt,
      }),
      'top-up(s)',
    ),
  async recharge([rechargeId, verdict, ...reason]) {
    const agree = await decideRequest('/api/admin/recharge/decide', rechargeId, 'a top-up', verdict, reason);
    return agree ? 'approved: the balance is credited' : 'refused';
  },
  withdrawals: ([status = '0']) =>
    printStatusPage(
      '/api/admin/withdrawals',
      status,
      (w: RecordRow) => ({
        id: w.id,
        no: w.withdrawalNo,
        type: w.drawType,
        to: `${String(w.bankName)} ${String(w.account)}`,
        amount: formatMoney(w.drawAmount as number),
        charge: formatMoney(w.serviceCharge as number),
        arrival: formatMoney(w.actualArrival as number),
        status: AUDIT_LABELS[w.status],
        reason: w.reason,
        created: w.createdAt,
      }),
      'withdrawal(s)',
    ),
  withdrawal: ([withdrawalId]) => request('GET', `/api/admin/withdrawal?id=${id(withdrawalId, 'a withdrawal')}`),
  async withdraw([withdrawalId, verdict, ...reason]) {
    const agree = await decideRequest('/api/admin/withdrawal/decide', withdrawalId, 'a withdrawal', verdict, reason);
    return agree ? 'approved: marked paid' : 'refused: the full amount is back on the balance';
  },
  async channels() {
    const list = await request<Record<string, unknown>[]>('GET', '/api/admin/deposit_channels');
    console.table(list.map(({ createdAt: _createdAt, ...rest }) => rest));
    return `${list.length} channel(s)`;
  },
  async 'channel-add'([method, name, address, minDollars = '1', addressPattern = '', withdrawable = 'no']) {
    const row = await request<{ id: number }>('POST', '/api/admin/deposit_channel', {
      method,
      name,
      address,
      minAmount: dollarsToCents(minDollars),
      addressPattern,
      withdrawable: withdrawable === 'yes' || withdrawable === 'true',
    });
    return `channel ${row.id} added`;
  },
  'channel-on': ([channelId]) =>
    request('POST', '/api/admin/deposit_channel/enabled', { id: id(channelId, 'a channel'), enabled: true }).then(
      () => 'open',
    ),
  'channel-off': ([channelId]) =>
    request('POST', '/api/admin/deposit_channel/enabled', { id: id(channelId, 'a channel'), enabled: false }).then(
      () => 'closed',
    ),
  audit: ([limit = '50']) => request('GET', `/api/admin/audit?limit=${encodeURIComponent(limit)}`),
  async threads() {
    const list = await request<
      { userId: number; account: string; lastMessage: string; lastAt: string; unanswered: number }[]
    >('GET', '/api/admin/service_threads');
    console.table(list.map((row) => ({ ...row, lastMessage: row.lastMessage.slice(0, 60) })));
    return `${list.length} thread(s)`;
  },
  async thread([userId]) {
    const list = await request<{ fromOperator: boolean; body: string; createdAt: string }[]>(
      'GET',
      `/api/admin/service_messages?userId=${id(userId, 'a user')}`,
    );
    return (
      list.map((m) => `${m.createdAt} ${m.fromOperator ? 'operator' : 'shopper '}: ${m.body}`).join('\n') || '(empty)'
    );
  },
  reply: ([userId, ...text]) =>
    request('POST', '/api/admin/service_reply', { userId: id(userId, 'a user'), body: text.join(' ') }).then(
      () => 'sent',
    ),
  async 'page-set'([slug, lang, title, file]) {
    if (!file) throw new Error('Usage: page-set <help|law|platform> <lang> <title> <file>');
    await request('POST', '/api/admin/content_page', { slug, lang, title, body: readFileSync(file, 'utf8') });
    return `${slug} (${lang}) saved`;
  },
  async complaints([state = 'open']) {
    if (!['open', 'handled', 'all'].includes(state)) throw new Error('Say open, handled or all');
    const page = await request<{
      list: {
        id: number;
        account: string;
        shopId: number | null;
        shopName: string;
        content: string;
        state: string;
        createdAt: string;
      }[];
      total: number;
    }>('GET', `/api/admin/complaints?pageSize=100${state === 'all' ? '' : `&state=${state}`}`);
    console.table(page.list.map((c) => ({ ...c, content: c.content.slice(0, 60) })));
    return `${page.total} complaint(s)`;
  },
  'complaint-handle': ([complaintId]) =>
    request('POST', '/api/admin/complaint_handle', { id: id(complaintId, 'a complaint') }).then(() => 'handled'),
  async 'merchant-applications'() {
    const page = await request<{ list: Record<string, unknown>[]; total: number }>(
      'GET',
      '/api/admin/merchant_applications?pageSize=100',
    );
    console.table(page.list);
    return `${page.total} application(s)`;
  },
  async 'vip-levels'() {
    const list = await request<
      { level: number; name: string; priceCents: number; benefits: string[]; enabled: boolean }[]
    >('GET', '/api/admin/vip_levels');
    console.table(
      list.map(({ priceCents, benefits, ...l }) => ({
        ...l,
        price: formatMoney(priceCents),
        benefits: benefits.join(', '),
      })),
    );
    return `${list.length} level(s)`;
  },
  async 'vip-level-set'([level, name, dollars, onOff]) {
    if (!level || !name || !dollars) throw new Error('Usage: vip-level-set <level> <name> <dollars> [on|off]');
    if (onOff !== undefined && onOff !== 'on' && onOff !== 'off') throw new Error('Say on or off');
    const saved = await request<{ level: number; name: string; priceCents: number; enabled: boolean }>(
      'POST',
      '/api/admin/vip_level',
      {
        level: id(level, 'a level'),
        name,
        priceCents: dollarsToCents(dollars),
        ...(onOff ? { enabled: onOff === 'on' } : {}),
      },
    );
    return `level ${saved.level} "${saved.name}" ${formatMoney(saved.priceCents)} ${saved.enabled ? 'on sale' : 'off sale'}`;
  },
};

const main = async () => {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(`Commands: ${Object.keys(commands).join(', ')} (see the top of server/src/cli/ops.ts)`);
    process.exit(2);
  }
  const result = await command(args);
  console.log(typeof result === 'string' ? result : JSON.stringify(result, null, 2));
  input.close();
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
