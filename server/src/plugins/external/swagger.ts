import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

interface Document {
  paths?: Record<string, unknown>;
}

/** The operator API: documented only for operators, never in the public document. */
const isOperatorPath = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');

/** The seller centre's API (modules/sellers): not a shopper's call either. */
const isSellerPath = (url: string) => url.startsWith('/api/seller/');

const withPaths = (document: Document, keep: (url: string) => boolean): Document => ({
  ...document,
  paths: Object.fromEntries(Object.entries(document.paths ?? {}).filter(([url]) => keep(url))),
});

/** The operator part of the document (GET /api/admin/docs/json, behind the operator credential). */
export const operatorDocument = (app: FastifyInstance): Document =>
  withPaths(app.swagger() as Document, isOperatorPath);

/** The seller centre's part of the document (GET /api/seller/docs/json, behind a seller session). */
export const sellerDocument = (app: FastifyInstance): Document => withPaths(app.swagger() as Document, isSellerPath);

/**
 * OpenAPI generated from the same zod schemas that validate requests. /api/docs/json serves the shoppers'
 * calls to anyone; the operator calls are left out of it and served only to an operator credential.
 */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Marketplace API',
          description: 'Every response is the envelope { code, msg, data }; code 1 is success.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    let publicDocument: Document | undefined;
    app.get('/api/docs/json', { schema: { hide: true } }, async () => {
      publicDocument ??= withPaths(app.swagger() as Document, (url) => !isOperatorPath(url) && !isSellerPath(url));
      return publicDocument;
    });
  },
  { name: 'swagger' },
);
