import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import { bagAddBody, bagRemoveBody, bagSelectBody, bagUpdateBody } from './bag.schemas';
import type { BagService } from './bag.service';

const tags = ['bag'];

/** The bag lives on the server so it follows the shopper across devices; every change returns the new bag. */
export const bagRoutes = async (app: FastifyInstance, { service }: { service: BagService }) => {
  const { r, signedIn, callersRead } = shopperRouteKit(app, tags);

  callersRead('/api/bag', "The caller's bag, grouped by shop", (userId) => service.view(userId));
  r.post(
    '/api/bag/add',
    signedIn('Add a product with its spec; the same product and spec merge', { body: bagAddBody }),
    async (request) => ok(request, await service.add(currentUser(request).id, request.body), 'ok.bagAdd'),
  );
  r.post('/api/bag/update', signedIn('Change a line quantity (1 to stock)', { body: bagUpdateBody }), async (request) =>
    ok(request, await service.update(currentUser(request).id, request.body)),
  );
  r.post('/api/bag/remove', signedIn('Remove lines', { body: bagRemoveBody }), async (request) =>
    ok(request, await service.remove(currentUser(request).id, request.body)),
  );
  r.post(
    '/api/bag/select',
    signedIn('Select or unselect lines, a shop group or all', { body: bagSelectBody }),
    async (request) => ok(request, await service.select(currentUser(request).id, request.body)),
  );
};
