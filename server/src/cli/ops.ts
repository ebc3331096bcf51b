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
 * OPS_URL (default http://127.0.0.1:$PORT or 8080) and ADMIN_TOKEN (default: DATA_DIR/admin.token).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatMoney, type Envelope } from '@marketplace/shared/contracts';
import { findRepoRoot } from '../config/repo-root';

const baseUrl = process.env.OPS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

const adminToken = (): string => {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = path.join(path.resolve(process.env.DATA_DIR ?? path.join(findRepoRoot(), 'var')), 'admin.token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`No ADMIN_TOKEN and no ${file}: start the server once, or set ADMIN_TOKEN`);
  }
};

const request = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
  const response = await fetch(new URL(url, baseUrl), {
    method,
    headers: { 'admin-token': adminToken(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 1) throw new Error(envelope.msg);
  return envelope.data;
};

const id = (value: string | undefined) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`Not an order id: ${value ?? '(missing)'}`);
  return parsed;
};

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
  async orders([status = 'all']) {
    const page = await request<{ list: OrderRow[]; total: number }>(
      'GET',
      `/api/admin/orders?status=${encodeURIComponent(status)}&pageSize=100`,
    );
    console.table(
      page.list.map((o) => ({
        id: o.id,
        orderNo: o.orderNo,
        status: o.status,
        shop: o.shopName,
        total: formatMoney(o.total),
        created: o.createdAt,
      })),
    );
    return `${page.total} order(s)`;
  },
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
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
