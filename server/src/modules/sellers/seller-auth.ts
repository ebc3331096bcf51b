import type { FastifyRequest, RouteOptions } from 'fastify';
import type { SellerRole } from '../../db/schema/sellers';
import { forbidden, sessionInvalid } from './seller-credentials';
import type { SellerRow } from './sellers.repository';
import type { SellersService } from './sellers.service';

/** Header of a signed-in seller's session token (POST /api/seller/auth/sign_in). */
const SELLER_TOKEN_HEADER = 'seller-token';

/**
 * Which roles may make each seller call (docs/decisions/0011-seller-accounts.md). Every `/api/seller/*`
 * route must be listed: the app refuses to start with one that is not, so a new seller call cannot be added
 * without deciding who may make it. `public`: the invitation and sign-in steps (counted and locked); `any`:
 * any signed-in seller of the shop. The owner may make every call.
 */
type SellerAccess = readonly Exclude<SellerRole, 'owner'>[] | 'any' | 'owner' | 'public';

export const SELLER_ROUTE_ACCESS: Readonly<Record<string, SellerAccess>> = {
  'POST /api/seller/auth/invitation': 'public',
  'POST /api/seller/auth/setup': 'public',
  'POST /api/seller/auth/setup_confirm': 'public',
  'POST /api/seller/auth/sign_in': 'public',
  'POST /api/seller/auth/sign_out': 'any',
  'POST /api/seller/auth/sessions/revoke': 'any',
  'GET /api/seller/me': 'any',
  'GET /api/seller/docs/json': 'any',
  'GET /api/seller/staff': 'owner',
  'POST /api/seller/staff/invite': 'owner',
  'POST /api/seller/staff/roles': 'owner',
  'POST /api/seller/staff/disabled': 'owner',
  'POST /api/seller/staff/sessions/revoke': 'owner',
  'GET /api/seller/shop': 'any',
  'POST /api/seller/shop/profile': ['listings'],
  'POST /api/seller/shop/picture': ['listings'],
  'GET /api/seller/reviews': ['listings', 'orders'],
  'POST /api/seller/review/reply': ['listings', 'orders'],
  'GET /api/seller/products': ['listings'],
  'GET /api/seller/product': ['listings'],
  'POST /api/seller/product/create': ['listings'],
  'POST /api/seller/product/edit': ['listings'],
  'POST /api/seller/product/duplicate': ['listings'],
  'POST /api/seller/product/status': ['listings'],
  'POST /api/seller/product/picture': ['listings'],
  'GET /api/seller/variants': ['listings'],
  'POST /api/seller/variants/import': ['listings'],
};

const isSellerUrl = (url: string) => url.startsWith('/api/seller/');

/** The signed-in seller of a call that passed the gate. */
interface SellerIdentity {
  sessionId: number;
  seller: SellerRow;
  shopName: string;
}

/** The seller gate: the session of the `seller-token` header, its shop's role for this route, every route listed. */
export const createSellerAuth = (service: SellersService) => {
  const identities = new WeakMap<FastifyRequest, SellerIdentity>();
  const routes: { method: string; url: string; access: SellerAccess }[] = [];

  const gate = async (request: FastifyRequest) => {
    const header = request.headers[SELLER_TOKEN_HEADER];
    const token = typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : undefined;
    const found = token ? await service.session(token) : undefined;
    if (!found) throw sessionInvalid();
    const access = SELLER_ROUTE_ACCESS[`${request.method} ${request.routeOptions.url}`];
    const roles = found.seller.roles;
    const allowed =
      roles.includes('owner') ||
      access === 'any' ||
      (Array.isArray(access) && access.some((role) => roles.includes(role)));
    if (!allowed) throw forbidden();
    identities.set(request, { sessionId: found.session.id, seller: found.seller, shopName: found.shopName });
  };

  const onRoute = (route: RouteOptions) => {
    if (!isSellerUrl(route.url)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const access = SELLER_ROUTE_ACCESS[`${method} ${route.url}`];
      if (access === undefined) throw new Error(`${method} ${route.url}: no seller role in seller-auth.ts`);
      if (access !== 'public' && route.preHandler !== gate) {
        throw new Error(`${method} ${route.url}: a seller route must use the seller gate`);
      }
      routes.push({ method, url: route.url, access });
    }
  };

  return {
    requireSeller: gate,
    onRoute,
    /** Every seller route the app registered, with who may call it (tests walk this list). */
    routes: () => [...routes],
    /** The caller of a seller call that passed the gate. */
    identityOf: (request: FastifyRequest): SellerIdentity => {
      const identity = identities.get(request);
      if (!identity) throw sessionInvalid();
      return identity;
    },
  };
};

export type SellerAuth = ReturnType<typeof createSellerAuth>;
