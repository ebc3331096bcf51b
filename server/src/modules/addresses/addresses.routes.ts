import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressBody, addressIdBody, addressIdQuery } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import type { AddressesService } from './addresses.service';

/** Paths of requirements §12.3, kept exactly. */
export const addressesRoutes = async (app: FastifyInstance, { service }: { service: AddressesService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { preHandler: app.requireUser };
  const tags = ['addresses'];

  r.get(
    '/api/user/address_list',
    { ...common, schema: { tags, summary: "The caller's addresses, default first", headers: tokenHeaders } },
    async (request) => ok(request, await service.list(currentUser(request).id)),
  );
  r.post(
    '/api/user/address_add',
    {
      ...common,
      schema: {
        tags,
        summary: 'Create an address, or update it when id is given',
        headers: tokenHeaders,
        body: addressBody,
      },
    },
    async (request) => ok(request, await service.save(currentUser(request).id, request.body), 'ok.orders.addressSaved'),
  );
  r.get(
    '/api/user/address',
    {
      ...common,
      schema: { tags, summary: 'One of the caller’s addresses', headers: tokenHeaders, querystring: addressIdQuery },
    },
    async (request) => ok(request, await service.get(currentUser(request).id, request.query.id)),
  );
  r.post(
    '/api/user/address_set_default',
    { ...common, schema: { tags, summary: 'Make an address the default', headers: tokenHeaders, body: addressIdBody } },
    async (request) => {
      await service.setDefault(currentUser(request).id, request.body.id);
      return ok(request, null, 'ok.orders.addressDefault');
    },
  );
  r.get(
    '/api/user/address_del',
    {
      ...common,
      schema: {
        tags,
        summary: 'Delete an address ("Delete Success")',
        headers: tokenHeaders,
        querystring: addressIdQuery,
      },
    },
    async (request) => {
      await service.remove(currentUser(request).id, request.query.id);
      return ok(request, null, 'ok.orders.addressDeleted');
    },
  );
};
