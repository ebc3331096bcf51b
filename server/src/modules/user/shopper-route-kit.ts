import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenHeaders } from './user.schemas';

/**
 * What a shopper route file starts with: the typed router, and `signedIn`, the options of a route only a
 * signed-in shopper may call: the token check runs first, and the OpenAPI document names the file's tags
 * (unless `schema` names others), the summary, the `token` header and whatever else `schema` gives (body,
 * querystring).
 */
export const shopperRouteKit = (app: FastifyInstance, tags: string[]) => ({
  r: app.withTypeProvider<ZodTypeProvider>(),
  signedIn: <Schema extends object>(summary: string, schema: Schema = {} as Schema) => ({
    preHandler: app.requireUser,
    schema: { tags, summary, headers: tokenHeaders, ...schema },
  }),
});
