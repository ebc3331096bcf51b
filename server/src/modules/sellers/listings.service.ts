import type { Db } from '../../db/client';
import type { ProductStatus } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import { validSpec } from '../bag/bag-lines';
import { specKey, type VariantRow } from '../catalogue/variants';
import { uploadUrl } from '../uploads/uploads.service';
import type { ListingBody } from './listings.schemas';
import type { ListingContent, ListingRow, ListingsRepository } from './listings.repository';

/** The variant key of a seller's spec: {} is the shared variant '' (docs/decisions/0012-variants-and-stock.md). */
const keyOf = (spec: Record<string, string>) => (Object.keys(spec).length === 0 ? '' : specKey(spec));

/**
 * What a listing write stores, after the rules zod cannot see: each variant names one option of every
 * spec (or none: the shared variant), and no combination twice.
 */
const contentOf = (body: ListingBody): ListingContent => {
  const variants = body.variants.map((variant) => ({ ...variant, key: keyOf(variant.spec) }));
  const valid = variants.every((variant) => variant.key === '' || validSpec(body.specs, variant.spec));
  if (!valid || new Set(variants.map((variant) => variant.key)).size !== variants.length) {
    throw fail('err.seller.variantsInvalid');
  }
  const title = body.titles.en!;
  const descriptions = Object.fromEntries(Object.entries(body.descriptions).filter(([, text]) => text !== ''));
  return {
    title,
    titles: body.titles,
    description: descriptions.en ?? '',
    descriptions,
    // The product noun (picture label, hot keywords): the English title's last word.
    keyword: (title.split(/\s+/).at(-1) ?? title).slice(0, 30),
    category: body.category,
    specs: body.specs,
    pictures: body.pictures,
    variants,
  };
};

const viewOf = (row: ListingRow, variants: VariantRow[]) => ({
  id: row.id,
  status: row.status,
  titles: { ...row.titles, en: row.title },
  descriptions: row.description ? { ...row.descriptions, en: row.description } : row.descriptions,
  category: row.category,
  specs: row.specs,
  pictures: row.pictures.map((id) => ({ id, url: uploadUrl(id) })),
  unitPrice: row.unitPrice,
  stock: row.stock,
  sold: row.sold,
  variants: variants.map(({ spec, unitPrice, stock, sold }) => ({ spec, unitPrice, stock, sold })),
  createdAt: row.createdAt.toISOString(),
});

/** Pictures the shop did not upload, or that are not pictures, are refused before anything is written. */
const claimer = (listings: ListingsRepository) => async (tx: Tx, shopId: number, ids: string[]) => {
  if (!(await listings.claimPictures(tx, shopId, ids))) throw fail('err.seller.pictureInvalid');
};

/** Listings of the seller's own shop: create, edit, duplicate, publish and unlist. */
export const createListingsService = ({ db, listings }: { db: Db; listings: ListingsRepository }) => {
  const claim = claimer(listings);
  const view = async (shopId: number, id: number) => {
    const found = await listings.find(db, shopId, id);
    if (!found) throw fail('err.seller.productNotFound');
    return viewOf(found.row, found.variants);
  };

  return {
    view,

    async list(shopId: number, offset: number, limit: number) {
      const { rows, total } = await listings.list(shopId, offset, limit);
      return {
        rows: rows.map((row) => ({ ...row, maxPrice: Number(row.maxPrice), createdAt: row.createdAt.toISOString() })),
        total,
      };
    },

    async create(shopId: number, body: ListingBody, status: ProductStatus) {
      const content = contentOf(body);
      const id = await inTransaction(db, async (tx) => {
        const created = await listings.insert(tx, shopId, 3);
        await claim(tx, shopId, content.pictures);
        await listings.write(tx, shopId, created, content);
        if (status !== 'draft') await listings.setStatus(tx, shopId, [created], status);
        await listings.learnWords(tx, [created]);
        return created;
      });
      return view(shopId, id);
    },

    async edit(shopId: number, id: number, body: ListingBody) {
      const content = contentOf(body);
      const done = await inTransaction(db, async (tx) => {
        await claim(tx, shopId, content.pictures);
        const written = await listings.write(tx, shopId, id, content);
        if (written) await listings.learnWords(tx, [id]);
        return written;
      });
      if (!done) throw fail('err.seller.productNotFound');
      return view(shopId, id);
    },

    /** A copy as a draft: texts, category, options and variants with their prices and stock. */
    async duplicate(shopId: number, id: number) {
      const copy = await inTransaction(db, async (tx) => {
        const found = await listings.find(tx, shopId, id);
        if (!found) throw fail('err.seller.productNotFound');
        const { row, variants } = found;
        const created = await listings.insert(tx, shopId, row.imageCount);
        await listings.write(tx, shopId, created, {
          title: row.title,
          titles: row.titles,
          description: row.description,
          descriptions: row.descriptions,
          keyword: row.keyword,
          category: row.category as ListingContent['category'],
          specs: row.specs,
          pictures: row.pictures,
          variants: variants.map(({ spec, specKey: key, unitPrice, stock }) => ({ key, spec, unitPrice, stock })),
        });
        return created;
      });
      return view(shopId, copy);
    },

    /** Publish (shoppers find it within seconds) or unlist (it disappears; orders keep their snapshot). */
    async setStatus(shopId: number, id: number, status: 'published' | 'unlisted') {
      const [row] = await inTransaction(db, async (tx) => {
        const changed = await listings.setStatus(tx, shopId, [id], status);
        await listings.learnWords(
          tx,
          changed.map((each) => each.id),
        );
        return changed;
      });
      if (!row) throw fail('err.seller.productNotFound');
      return view(shopId, id);
    },
  };
};

export type ListingsService = ReturnType<typeof createListingsService>;
