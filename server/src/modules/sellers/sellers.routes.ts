import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { sellerDocument } from '../../plugins/external/swagger';
import type { SellerAuth } from './seller-auth';
import type { SellerStaffService } from './seller-staff.service';
import {
  email,
  inviteCode,
  sellerHeaders as headers,
  setupBody,
  setupConfirmBody,
  signInBody,
  staffId,
  staffRoles,
} from './sellers.schemas';
import { sellerSummary, type SellersService } from './sellers.service';

/** The caller's origin: invitation links point at this deployment's seller centre unless configured. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Seller accounts: invitation, set-up, sign-in and out, the seller's own account and the owner's staff page. */
export const sellersRoutes = async (
  app: FastifyInstance,
  { auth, service, staff }: { auth: SellerAuth; service: SellersService; staff: SellerStaffService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['seller'];
  const preHandler = auth.requireSeller;
  const me = (request: FastifyRequest) => auth.identityOf(request);

  r.post(
    '/api/seller/auth/invitation',
    {
      schema: { tags, summary: 'Whose invitation a link is (e-mail and roles)', body: z.object({ code: inviteCode }) },
    },
    async (request) => ok(request, await service.invitation(request.body.code, request.ip)),
  );
  r.post(
    '/api/seller/auth/setup',
    {
      schema: {
        tags,
        summary: 'Set-up step 1: invitation code and new password; answers the TOTP to enrol',
        body: setupBody,
      },
    },
    async (request) => ok(request, await service.setup(request.body.code, request.body.password, request.ip)),
  );
  r.post(
    '/api/seller/auth/setup_confirm',
    { schema: { tags, summary: 'Set-up step 2: a code from the authenticator; signs in', body: setupConfirmBody } },
    async (request) => ok(request, await service.confirmSetup(request.body.code, request.body.totp, request.ip)),
  );
  r.post(
    '/api/seller/auth/sign_in',
    {
      schema: { tags, summary: 'Sign in with e-mail, password and TOTP code (seller-token header)', body: signInBody },
    },
    async (request) => {
      const { email: address, password, code } = request.body;
      return ok(request, await service.signIn(address, password, code, request.ip));
    },
  );
  r.post(
    '/api/seller/auth/sign_out',
    { preHandler, schema: { tags, summary: 'End this session', headers } },
    async (request) => {
      await service.signOut(me(request).sessionId);
      return ok(request, null);
    },
  );
  r.post(
    '/api/seller/auth/sessions/revoke',
    { preHandler, schema: { tags, summary: 'End every session of the caller (this one included)', headers } },
    async (request) => ok(request, { revoked: await service.revokeAll(me(request).seller.id) }),
  );
  r.get(
    '/api/seller/me',
    { preHandler, schema: { tags, summary: 'Who is signed in, shop and roles', headers } },
    async (request) => ok(request, sellerSummary(me(request).seller, me(request).shopName)),
  );

  r.get('/api/seller/docs/json', { preHandler, schema: { hide: true, headers } }, async () => sellerDocument(app));

  r.get(
    '/api/seller/staff',
    { preHandler, schema: { tags, summary: "The shop's accounts", headers } },
    async (request) => ok(request, await staff.list(me(request).seller.shopId)),
  );
  r.post(
    '/api/seller/staff/invite',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Invite a staff member by e-mail with roles',
        headers,
        body: z.object({ email, roles: staffRoles }),
      },
    },
    async (request) => {
      const { seller, shopName } = me(request);
      const { email: to, roles } = request.body;
      return ok(
        request,
        await service.inviteStaff(seller, shopName, to, roles, originOf(request)),
        'ok.seller.invited',
      );
    },
  );
  r.post(
    '/api/seller/staff/roles',
    {
      preHandler,
      schema: { tags, summary: "Change a staff member's roles", headers, body: staffId.extend({ roles: staffRoles }) },
    },
    async (request) => {
      const { seller } = me(request);
      return ok(request, await staff.setRoles(seller.shopId, seller.id, request.body.id, request.body.roles));
    },
  );
  r.post(
    '/api/seller/staff/disabled',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Disable (sessions end at once) or enable a staff member',
        headers,
        body: staffId.extend({ disabled: z.boolean('err.invalidBody') }),
      },
    },
    async (request) => {
      const { seller } = me(request);
      return ok(request, await staff.setDisabled(seller.shopId, seller.id, request.body.id, request.body.disabled));
    },
  );
  r.post(
    '/api/seller/staff/sessions/revoke',
    { preHandler, schema: { tags, summary: 'End every session of a staff member', headers, body: staffId } },
    async (request) => {
      const { seller } = me(request);
      return ok(request, await staff.revokeSessions(seller.shopId, seller.id, request.body.id));
    },
  );
};
