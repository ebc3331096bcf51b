import { z } from 'zod';
import { bodyIdField } from './ids';

/** Most units of one bag line; stock caps it further. */
export const BAG_MAX_QUANTITY = 999;
/** Most lines a bag holds. */
export const BAG_MAX_ITEMS = 200;

const quantityField = z
  .number('err.bag.badQuantity')
  .int('err.bag.badQuantity')
  .min(1, 'err.bag.badQuantity')
  .max(BAG_MAX_QUANTITY, 'err.bag.badQuantity');

/** Chosen option per spec name, e.g. `{ "Colour": "Black", "Size": "M" }`. */
export const bagSpecField = z.record(
  z.string().max(64, 'err.bag.badSpec'),
  z.string().max(64, 'err.bag.badSpec'),
  'err.bag.badSpec',
);
export type BagSpec = z.infer<typeof bagSpecField>;

/** `POST /api/bag/add`: the same product with the same spec merges into one line. */
export const bagAddBody = z.object({
  productId: bodyIdField('err.catalogue.productNotFound'),
  spec: bagSpecField.default({}),
  quantity: quantityField.default(1),
});
export type BagAddBody = z.infer<typeof bagAddBody>;

/** `POST /api/bag/update`: 1 ≤ quantity ≤ stock. */
export const bagUpdateBody = z.object({
  itemId: bodyIdField('err.bag.itemNotFound'),
  quantity: quantityField,
});
export type BagUpdateBody = z.infer<typeof bagUpdateBody>;

const itemIdsField = z
  .array(bodyIdField('err.bag.itemNotFound'), 'err.bag.itemNotFound')
  .min(1, 'err.bag.itemNotFound')
  .max(BAG_MAX_ITEMS, 'err.bag.itemNotFound');

/** `POST /api/bag/remove`. */
export const bagRemoveBody = z.object({ itemIds: itemIdsField });
export type BagRemoveBody = z.infer<typeof bagRemoveBody>;

/** `POST /api/bag/select`: exactly one of `itemIds`, `shopId` or `all: true` names the lines. */
export const bagSelectBody = z
  .object({
    selected: z.boolean(),
    itemIds: itemIdsField.optional(),
    shopId: bodyIdField('err.catalogue.shopNotFound').optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => [b.itemIds, b.shopId, b.all].filter((v) => v !== undefined).length === 1, {
    message: 'err.bag.selectTarget',
  });
export type BagSelectBody = z.infer<typeof bagSelectBody>;

/** One bag line. Money is integer cents; `subtotal` = unitPrice × quantity. */
export interface BagItem {
  id: number;
  productId: number;
  title: string;
  image: string;
  spec: BagSpec;
  unitPrice: number;
  quantity: number;
  stock: number;
  selected: boolean;
  subtotal: number;
}

/** The lines of one shop; `selected` is true when every line is; `subtotal` sums the selected lines. */
export interface BagShopGroup {
  shopId: number;
  shopName: string;
  selected: boolean;
  subtotal: number;
  items: BagItem[];
}

/** `GET /api/bag` and the result of every bag change. */
export interface Bag {
  shops: BagShopGroup[];
  /** Sum of the selected lines, cents. */
  selectedTotal: number;
  /** Units in the selected lines. */
  selectedCount: number;
}
