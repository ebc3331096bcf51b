import type { FastifyInstance } from 'fastify';
import { addressBody, addressIdBody, addressIdQuery } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { AddressesService } from './addresses.service';

/** Paths of requirements §12.3, kept exactly. */
export const addressesRoutes = async (app: FastifyInstance, { service }: { service: AddressesService }) => {
  const { r, signedIn, callersRead } = shopperRouteKit(app, ['addresses']);

  callersRead('/api/user/address_list', "The caller's addresses, default first", (userId) => service.list(userId));
  r.post(
    '/api/user/address_add',
    signedIn('Create an address, or update it when id is given', { body: addressBody }),
    async (request) => ok(request, await service.save(currentUser(request).id, request.body), 'ok.orders.addressSaved'),
  );
  r.get(
    '/api/user/address',
    signedIn('One of the caller’s addresses', { querystring: addressIdQuery }),
    async (request) => ok(request, await service.get(currentUser(request).id, request.query.id)),
  );
  r.post(
    '/api/user/address_set_default',
    signedIn('Make an address the default', { body: addressIdBody }),
    async (request) => {
      await service.setDefault(currentUser(request).id, request.body.id);
      return ok(request, null, 'ok.orders.addressDefault');
    },
  );
  r.get(
    '/api/user/address_del',
    signedIn('Delete an address ("Delete Success")', { querystring: addressIdQuery }),
    async (request) => {
      await service.remove(currentUser(request).id, request.query.id);
      return ok(request, null, 'ok.orders.addressDeleted');
    },
  );
};
