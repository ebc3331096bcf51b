import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Page } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from './user.schemas';

/**
 * What a shopper route file starts with: the typed router, and `signedIn`, the options of a route only a
 * signed-in shopper may call: the token check runs first, and the OpenAPI document names the file's tags
 * (unless `schema` names others), the summary, the `token` header and whatever else `schema` gives (body,
 * querystring). `callersPage` and `callersRead` add the common reads: GET `path`, a page of the caller's own
 * list or the caller's own data.
 */
export const shopperRouteKit = (app: FastifyInstance, tags: string[]) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = <Schema extends object>(summary: string, schema: Schema = {} as Schema) => ({
    preHandler: app.requireUser,
    schema: { tags, summary, headers: tokenHeaders, ...schema },
  });
  const callersPage = <Query extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Query,
    read: (userId: number, query: z.output<Query>) => Promise<Page<unknown>>,
  ) =>
    r.get(path, signedIn(summary, { querystring }), async (request) =>
      ok(request, await read(currentUser(request).id, request.query as z.output<Query>)),
    );
  /** GET `path`: the signed-in caller's own data, read by `read(caller's id)`. */
  const callersRead = (path: string, summary: string, read: (userId: number) => Promise<unknown>) =>
    r.get(path, signedIn(summary), async (request) => ok(request, await read(currentUser(request).id)));
  return { r, signedIn, callersPage, callersRead };
};
