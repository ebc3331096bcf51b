import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bodyIdField } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { fail } from '../../lib/app-error';
import { OPERATOR_ROLES } from '../../db/schema/operators';
import type { OperatorAuth } from '../admin/admin-auth';
import { clearConsoleSession, setConsoleSession } from '../admin/console-cookie';
import { operatorHeaders } from '../admin/operator-route-kit';
import type { TrustedDevices } from '../user/trusted-device';
import type { OperatorSession } from './operator-credentials';
import type { OperatorsService } from './operators.service';

const noNul = (value: string) => !value.includes('\u0000');
const name = z
  .string('err.operator.nameInvalid')
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{1,31}$/, 'err.operator.nameInvalid');
const password = z
  .string('err.operator.passwordLength')
  .min(12, 'err.operator.passwordLength')
  .max(128, 'err.operator.passwordLength')
  .refine(noNul, 'err.operator.passwordLength');
const totpCode = z.string('err.operator.codeFormat').regex(/^\d{6}$/, 'err.operator.codeFormat');
const secretCode = (key: string) => z.string(key).min(1, key).max(128, key).refine(noNul, key);
const roles = z
  .array(z.enum(OPERATOR_ROLES, 'err.operator.rolesInvalid'), 'err.operator.rolesInvalid')
  .min(1, 'err.operator.rolesInvalid')
  .max(OPERATOR_ROLES.length, 'err.operator.rolesInvalid')
  .transform((list) => [...new Set(list)]);
const operatorId = z.object({ id: bodyIdField('err.operator.notFound') });

const headers = operatorHeaders;

/**
 * Operator accounts (docs/decisions/0002-operator-accounts.md): bootstrap of the first admin, set-up (password, then TOTP enrolment with
 * its otpauth URI and QR code), sign-in with password and TOTP code, sign-out, and the admin's account
 * management. Who may call what: admin/operator-routes.ts.
 */
export const operatorsRoutes = async (
  app: FastifyInstance,
  { operators, service, devices }: { operators: OperatorAuth; service: OperatorsService; devices: TrustedDevices },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const preHandler = operators.requireOperator;
  const caller = (request: Parameters<OperatorAuth['identityOf']>[0]) => operators.identityOf(request);
  /** A new session: its token answered (ops CLI) and set as the browser's console cookie. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, session: OperatorSession) => {
    setConsoleSession(request, reply, session.token, session.expiresAt);
    return ok(request, session);
  };

  r.post(
    '/api/admin/auth/bootstrap',
    {
      schema: {
        tags,
        summary: 'Create the first admin with the one-time code `npm start` prints while none exists',
        body: z.object({ code: secretCode('err.operator.bootstrapInvalid'), name }),
      },
    },
    async (request) => ok(request, await service.bootstrap(request.body.code, request.body.name, request.ip)),
  );
  r.post(
    '/api/admin/auth/setup',
    {
      schema: {
        tags,
        summary: 'Set-up step 1: set-up code and new password; answers the TOTP otpauth URI and its QR code',
        body: z.object({ name, setupCode: secretCode('err.operator.setupCodeInvalid'), password }),
      },
    },
    async (request) =>
      ok(request, await service.setup(request.body.name, request.body.setupCode, request.body.password)),
  );
  r.post(
    '/api/admin/auth/setup_confirm',
    {
      schema: {
        tags,
        summary: 'Set-up step 2: a code from the authenticator confirms the enrolment and signs in',
        body: z.object({ name, setupCode: secretCode('err.operator.setupCodeInvalid'), code: totpCode }),
      },
    },
    async (request, reply) => {
      const { name: who, setupCode, code } = request.body;
      return signedIn(request, reply, await service.confirmSetup(who, setupCode, code, request.ip));
    },
  );
  r.post(
    '/api/admin/auth/sign_in',
    {
      schema: {
        tags,
        summary: 'Sign in with name, password and TOTP code; answers the session token (operator-token header)',
        body: z.object({ name, password: secretCode('err.operator.signInFailed'), code: totpCode }),
      },
    },
    async (request, reply) => {
      const { name: who, password: secret, code } = request.body;
      // A device this operator signed in on before is braked on its own key (user/trusted-device.ts).
      const device = devices.read(request.headers.cookie, `operator:${who}`);
      const session = await service.signIn(who, secret, code, request.ip, device);
      reply.header('set-cookie', devices.cookie(`operator:${who}`, device, request.protocol === 'https'));
      return signedIn(request, reply, session);
    },
  );
  r.post(
    '/api/admin/auth/recover',
    {
      schema: {
        tags,
        summary:
          'Recover an admin with a proof made from the server secret (npm run ops -- recover-admin); answers a set-up code',
        body: z.object({
          name,
          at: z.number('err.operator.bootstrapInvalid').int('err.operator.bootstrapInvalid'),
          proof: secretCode('err.operator.bootstrapInvalid'),
        }),
      },
    },
    async (request) =>
      ok(request, await service.recoverAdmin(request.body.name, request.body.at, request.body.proof, request.ip)),
  );
  r.post(
    '/api/admin/auth/sign_out',
    { preHandler, schema: { tags, summary: 'End this session (in every tab: the cookie and the token)', headers } },
    async (request, reply) => {
      const who = caller(request);
      if (who?.kind === 'operator') await service.signOut(who.sessionId);
      clearConsoleSession(request, reply);
      return ok(request, null);
    },
  );
  r.get(
    '/api/admin/auth/me',
    { preHandler, schema: { tags, summary: 'Who is signed in, with their roles', headers } },
    async (request) => {
      const who = caller(request);
      return ok(
        request,
        who?.kind === 'operator'
          ? { id: who.id, name: who.name, roles: who.roles, automation: false }
          : { id: null, name: 'automation token', roles: [...OPERATOR_ROLES], automation: true },
      );
    },
  );

  r.get(
    '/api/admin/operators',
    { preHandler, schema: { tags, summary: 'Operator accounts with roles, enrolment and live sessions', headers } },
    async (request) => ok(request, await service.list()),
  );
  r.post(
    '/api/admin/operator',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create an operator; answers the one-time set-up code to hand over (valid 24 hours)',
        headers,
        body: z.object({ name, roles }),
      },
    },
    async (request) => {
      const who = caller(request);
      return ok(
        request,
        await service.create(who?.kind === 'operator' ? who.id : null, request.body.name, request.body.roles),
      );
    },
  );
  r.post(
    '/api/admin/operator/roles',
    {
      preHandler,
      schema: { tags, summary: "Change an operator's roles", headers, body: operatorId.extend({ roles }) },
    },
    async (request) => ok(request, await service.setRoles(request.body.id, request.body.roles)),
  );
  r.post(
    '/api/admin/operator/disabled',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Disable (sessions revoked at once) or enable an operator',
        headers,
        body: operatorId.extend({ disabled: z.boolean('err.invalidBody') }),
      },
    },
    async (request) => {
      const who = caller(request);
      if (who?.kind === 'operator' && who.id === request.body.id && request.body.disabled) {
        throw fail('err.operator.notYourself');
      }
      return ok(request, await service.setDisabled(request.body.id, request.body.disabled));
    },
  );
  r.post(
    '/api/admin/operator/reset',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Lost password or phone: a new set-up code; password, TOTP and sessions stop working',
        headers,
        body: operatorId,
      },
    },
    async (request) => ok(request, await service.reset(request.body.id)),
  );
  r.post(
    '/api/admin/operator/sessions/revoke',
    { preHandler, schema: { tags, summary: 'Revoke every session of an operator', headers, body: operatorId } },
    async (request) => ok(request, await service.revokeSessions(request.body.id)),
  );
};
