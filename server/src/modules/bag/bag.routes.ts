import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import { bagAddBody, bagRemoveBody, bagSelectBody, bagUpdateBody } from './bag.schemas';
import type { BagService } from './bag.service';

const tags = ['bag'];

/** The bag lives on the server so it follows the shopper across devices; every change returns the new bag. */
export const bagRoutes = async (app: FastifyInstance, { service }: { service: BagService }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: app.requireUser };

  api.get(
    '/api/bag',
    { ...signedIn, schema: { tags, summary: "The caller's bag, grouped by shop", headers: tokenHeaders } },
    async (request) => ok(request, await service.view(currentUser(request).id)),
  );
  api.post(
    '/api/bag/add',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Add a product with its spec; the same product and spec merge',
        headers: tokenHeaders,
        body: bagAddBody,
      },
    },
    async (request) => ok(request, await service.add(currentUser(request).id, request.body), 'ok.bagAdd'),
  );
  api.post(
    '/api/bag/update',
    {
      ...signedIn,
      schema: { tags, summary: 'Change a line quantity (1 to stock)', headers: tokenHeaders, body: bagUpdateBody },
    },
    async (request) => ok(request, await service.update(currentUser(request).id, request.body)),
  );
  api.post(
    '/api/bag/remove',
    { ...signedIn, schema: { tags, summary: 'Remove lines', headers: tokenHeaders, body: bagRemoveBody } },
    async (request) => ok(request, await service.remove(currentUser(request).id, request.body)),
  );
  api.post(
    '/api/bag/select',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Select or unselect lines, a shop group or all',
        headers: tokenHeaders,
        body: bagSelectBody,
      },
    },
    async (request) => ok(request, await service.select(currentUser(request).id, request.body)),
  );
};
