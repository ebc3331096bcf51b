import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, shops } from '../../db/schema';

export const createImagesRepository = (db: Db) => ({
  async product(id: number) {
    const [row] = await db
      .select({
        id: products.id,
        keyword: products.keyword,
        category: products.category,
        imageCount: products.imageCount,
      })
      .from(products)
      .where(eq(products.id, id));
    return row;
  },
  async shop(id: number) {
    const [row] = await db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, id));
    return row;
  },
});

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
