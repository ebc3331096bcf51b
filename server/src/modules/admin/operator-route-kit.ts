import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_TOKEN_HEADER, OPERATOR_TOKEN_HEADER, type OperatorAuth } from './admin-auth';

/** The headers an operator route documents: a signed-in operator's session token, or the automation token. */
export const operatorHeaders = z.looseObject({
  [OPERATOR_TOKEN_HEADER]: z.string().max(512).optional(),
  [ADMIN_TOKEN_HEADER]: z.string().max(512).optional(),
});

/** The headers of the operator routes that document the automation token alone. */
export const adminTokenHeaders = z.looseObject({ [ADMIN_TOKEN_HEADER]: z.string().max(512).optional() });

/**
 * What an operator route file starts with: the typed router, the OpenAPI tag and headers (both tokens), and
 * the operator check every route runs first.
 */
export const operatorRouteKit = (app: FastifyInstance, operators: OperatorAuth) => ({
  r: app.withTypeProvider<ZodTypeProvider>(),
  tags: ['admin'],
  headers: operatorHeaders,
  preHandler: operators.requireOperator,
});
