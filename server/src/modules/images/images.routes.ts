import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageNotFound, type ImagesService } from './images.service';

const imageParams = z.object({
  kind: z.enum(['product', 'shop'], 'err.catalogue.imageNotFound'),
  file: z
    .string()
    .max(32)
    .regex(/^[1-9]\d{0,8}(-[1-9])?\.svg$/, 'err.catalogue.imageNotFound'),
});

/** Pictures never change for a URL: a year of caching, marked immutable. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const imagesRoutes = async (app: FastifyInstance, { service }: { service: ImagesService }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/images/:kind/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product picture (`product/<id>.svg`, `product/<id>-<n>.svg`) or a shop logo (`shop/<id>.svg`)',
        params: imageParams,
      },
    },
    async (request, reply) => {
      const [id = '', n = '1'] = request.params.file.slice(0, -4).split('-');
      if (request.params.kind === 'shop' && n !== '1') throw imageNotFound();
      const body =
        request.params.kind === 'product'
          ? await service.productImage(Number(id), Number(n))
          : await service.shopLogo(Number(id));
      return reply.header('cache-control', CACHE_CONTROL).type('image/svg+xml; charset=utf-8').send(body);
    },
  );
};
