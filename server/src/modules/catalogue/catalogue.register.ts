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

/** Wires the catalogue, bag and picture routes (one line in app.ts). */
export const registerCatalogue = async (app: FastifyInstance, db: Db) => {
  const catalogue = createCatalogueRepository(db);
  await app.register(catalogueRoutes, { service: createCatalogueService({ catalogue }) });
  await app.register(bagRoutes, { service: createBagService({ bag: createBagRepository(db), catalogue }) });
  await app.register(imagesRoutes, { service: createImagesService({ images: createImagesRepository(db) }) });
};
