import type { OperatorRole } from '../../db/schema/operators';

/**
 * Which roles may make each operator call (docs/decisions/0002-operator-accounts.md). Every `/api/admin/*` route must be listed: the app
 * refuses to start with one that is not (admin-auth.ts, onRoute), so a new operator call cannot be added
 * without deciding who may make it. `public`: the sign-in steps themselves (rate-limited and locked);
 * `any`: any signed-in operator. The automation token (ADMIN_TOKEN, local automation only) has every role.
 */
export type RouteAccess = readonly OperatorRole[] | 'any' | 'public';

const finance = ['finance'] as const;
const support = ['support'] as const;
const admin = ['admin'] as const;
const release = ['release', 'admin'] as const;

export const OPERATOR_ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Operator accounts and sessions (modules/operators).
  'POST /api/admin/auth/bootstrap': 'public',
  'POST /api/admin/auth/recover': 'public',
  'POST /api/admin/auth/setup': 'public',
  'POST /api/admin/auth/setup_confirm': 'public',
  'POST /api/admin/auth/sign_in': 'public',
  'POST /api/admin/auth/sign_out': 'any',
  'GET /api/admin/auth/me': 'any',
  'GET /api/admin/docs/json': 'any',
  'GET /api/admin/operators': admin,
  'POST /api/admin/operator': admin,
  'POST /api/admin/operator/roles': admin,
  'POST /api/admin/operator/disabled': admin,
  'POST /api/admin/operator/reset': admin,
  'POST /api/admin/operator/sessions/revoke': admin,
  'GET /api/admin/audit': ['admin', 'finance', 'support'],
  // The console's dashboard: counts only of the queues the caller's roles open (admin/console.routes.ts).
  'GET /api/admin/summary': 'any',
  // Its small charts: each of the last days' money (admin/dashboard-summary.ts).
  'GET /api/admin/summary/days': 'any',
  // The console's shopper page: balance and ledger for finance, orders and refunds for support.
  'GET /api/admin/shopper': ['finance', 'support'],
  // The shopper directory, freeze and unfreeze, clearing a payment-code lock (admin/shoppers.routes.ts).
  'GET /api/admin/shoppers': ['finance', 'support'],
  'POST /api/admin/shopper/frozen': ['finance', 'support'],
  'POST /api/admin/shopper/payment_unlock': ['finance', 'support'],
  // The audit page: every decision, filterable and exported (admin/audit.routes.ts).
  'GET /api/admin/audit_log': ['admin', 'finance', 'support'],
  // The queues with their context: order number, shopper, pictures (admin/queues.routes.ts).
  'GET /api/admin/queue/refunds': support,
  'GET /api/admin/queue/withdrawals': finance,
  // Field health per remote version (modules/telemetry): what a release decision (release canary --auto) reads.
  'GET /api/admin/release/health': ['release', 'admin'],

  // The release page (admin/release-routes.ts): release managers and admins.
  'GET /api/admin/release': release,
  'POST /api/admin/release/promote': release,
  'POST /api/admin/release/rollback': release,
  'POST /api/admin/release/canary': release,
  'POST /api/admin/release/canary_stop': release,

  // Finance: top-ups, withdrawals, balance adjustments.
  'GET /api/admin/recharges': finance,
  'GET /api/admin/topups': finance,
  'POST /api/admin/recharge/decide': finance,
  'GET /api/admin/withdrawals': finance,
  'GET /api/admin/withdrawal': finance,
  'POST /api/admin/withdrawal/decide': finance,
  'POST /api/admin/balance/adjust': finance,
  'GET /api/admin/ledger/check': finance,

  // Support: refunds, orders and shipping, complaints, customer service, merchant applications.
  'GET /api/admin/orders': support,
  'GET /api/admin/order': support,
  'POST /api/admin/order/ship': support,
  'POST /api/admin/order/deliver': support,
  'GET /api/admin/refunds': support,
  'POST /api/admin/refund/decide': support,
  'GET /api/admin/complaints': support,
  'POST /api/admin/complaint_handle': support,
  'POST /api/admin/complaint_reply': support,
  'POST /api/admin/complaint_note': support,
  'GET /api/admin/complaint_notes': support,
  'POST /api/admin/complaint_assign': support,
  'GET /api/admin/complaint_assignees': support,
  'GET /api/admin/merchant_applications': support,
  // Approving one creates (or binds) the shop and mails its owner the invitation (modules/sellers).
  'POST /api/admin/merchant_application/approve': support,
  'GET /api/admin/service_threads': support,
  'GET /api/admin/service_messages': support,
  'POST /api/admin/service_reply': support,

  // Admin: deposit channels, VIP levels, content pages (and the service channels beside them), uploads.
  'GET /api/admin/deposit_channels': admin,
  'POST /api/admin/deposit_channel': admin,
  'POST /api/admin/deposit_channel/enabled': admin,
  'GET /api/admin/vip_levels': admin,
  'POST /api/admin/vip_level': admin,
  'POST /api/admin/content_page': admin,
  'POST /api/admin/service_channel': admin,
  'POST /api/admin/uploads/cleanup': admin,
};

export const isOperatorUrl = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
