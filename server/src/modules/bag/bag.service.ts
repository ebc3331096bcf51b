import {
  BAG_MAX_ITEMS,
  type Bag,
  type BagAddBody,
  type BagRemoveBody,
  type BagSelectBody,
  type BagShopGroup,
  type BagUpdateBody,
} from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import type { CatalogueRepository } from '../catalogue/catalogue.repository';
import { pickVariant, specKey } from '../catalogue/variants';
import { productOfLine, validSpec } from './bag-lines';
import type { BagRepository } from './bag.repository';

type Line = Awaited<ReturnType<BagRepository['lines']>>[number];

const groupBag = (lines: Line[]): Bag => {
  const groups = new Map<number, BagShopGroup>();
  let selectedTotal = 0;
  let selectedCount = 0;
  for (const line of lines) {
    const subtotal = line.unitPrice * line.quantity;
    let group = groups.get(line.shopId);
    if (!group) {
      group = { shopId: line.shopId, shopName: line.shopName, selected: true, subtotal: 0, items: [] };
      groups.set(line.shopId, group);
    }
    group.items.push({
      id: line.id,
      ...productOfLine(line),
      selected: line.selected,
      subtotal,
    });
    if (line.selected) {
      group.subtotal += subtotal;
      selectedTotal += subtotal;
      selectedCount += line.quantity;
    } else {
      group.selected = false;
    }
  }
  return { shops: [...groups.values()], selectedTotal, selectedCount };
};

export const createBagService = ({ bag, catalogue }: { bag: BagRepository; catalogue: CatalogueRepository }) => {
  const view = async (userId: number) => groupBag(await bag.lines(userId));

  /** Every id must be the shopper's own line; otherwise nothing happens. */
  const requireOwned = async (userId: number, itemIds: number[]) => {
    const distinct = [...new Set(itemIds)];
    if ((await bag.ownedCount(userId, distinct)) !== distinct.length) throw fail('err.bag.itemNotFound');
    return distinct;
  };

  return {
    view,

    async add(userId: number, body: BagAddBody): Promise<Bag> {
      const product = await catalogue.findProduct(body.productId);
      if (!product) throw fail('err.catalogue.productNotFound');
      if (!validSpec(product.specs, body.spec)) throw fail('err.bag.badSpec');
      // The chosen variant's stock (docs/decisions/0012-variants-and-stock.md).
      const stock = pickVariant(await catalogue.variants(product.id), body.spec)?.stock ?? 0;
      if (stock === 0) throw fail('err.bag.outOfStock');
      if (body.quantity > stock) throw fail('err.bag.overStock', { stock });
      if ((await bag.lineCount(userId)) >= BAG_MAX_ITEMS) {
        const lines = await bag.lines(userId);
        const key = specKey(body.spec);
        const merges = lines.some((line) => line.productId === product.id && specKey(line.spec) === key);
        if (!merges) throw fail('err.bag.bagFull', { max: BAG_MAX_ITEMS });
      }
      const added = await bag.add(userId, product.id, body.spec, specKey(body.spec), body.quantity, stock);
      if (!added) throw fail('err.bag.overStock', { stock });
      return view(userId);
    },

    async update(userId: number, body: BagUpdateBody): Promise<Bag> {
      const line = await bag.findLine(userId, body.itemId);
      if (!line) throw fail('err.bag.itemNotFound');
      if (body.quantity > line.stock) throw fail('err.bag.overStock', { stock: line.stock });
      await bag.setQuantity(userId, line.id, body.quantity);
      return view(userId);
    },

    async remove(userId: number, body: BagRemoveBody): Promise<Bag> {
      await bag.remove(userId, await requireOwned(userId, body.itemIds));
      return view(userId);
    },

    async select(userId: number, body: BagSelectBody): Promise<Bag> {
      if (body.itemIds) {
        await bag.selectItems(userId, await requireOwned(userId, body.itemIds), body.selected);
      } else if (body.shopId !== undefined) {
        if ((await bag.selectShop(userId, body.shopId, body.selected)) === 0) throw fail('err.catalogue.shopNotFound');
      } else {
        await bag.selectAll(userId, body.selected);
      }
      return view(userId);
    },
  };
};

export type BagService = ReturnType<typeof createBagService>;
