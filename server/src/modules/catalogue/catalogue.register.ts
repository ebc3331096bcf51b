import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createBagRepository } from '../bag/bag.repository';
import { bagRoutes } from '../bag/bag.routes';
import { createBagService } from '../bag/bag.service';
import { createImagesRepository } from '../images/images.repository';
import { imagesRoutes } from '../images/images.routes';
import { createImagesService } from '../images/images.service';
import { createCatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { createCatalogueService } from './catalogue.service';
import { createViewCounter } from './view-counter';

/** Wires the catalogue, bag and picture routes (one line in app.ts). */
export const registerCatalogue = async (app: FastifyInstance, db: Db) => {
  const catalogue = createCatalogueRepository(db);
  const views = createViewCounter(db);
  // preClose runs before every onClose hook, so the last views are written before the database closes.
  app.addHook('preClose', async () => views.close());
  const service = createCatalogueService({ catalogue, views });
  await app.register(catalogueRoutes, { service });
  await app.register(bagRoutes, { service: createBagService({ bag: createBagRepository(db), catalogue }) });
  await app.register(imagesRoutes, { service: createImagesService({ images: createImagesRepository(db) }) });
  return service;
};
