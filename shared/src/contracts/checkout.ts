import { z } from 'zod';
import { bodyIdField } from './ids';
import type { Address } from './address';
import type { OrderItem } from './orders';

/** Freight per shop order: free from FREE_FREIGHT_MIN_CENTS of goods, else FREIGHT_CENTS. */
export const FREIGHT_CENTS = 500;
export const FREE_FREIGHT_MIN_CENTS = 5_000;
export const MAX_ORDER_QUANTITY = 999;
export const MAX_CHECKOUT_ITEMS = 100;

export const freightFor = (goodsCents: number): number => (goodsCents >= FREE_FREIGHT_MIN_CENTS ? 0 : FREIGHT_CENTS);

const id = bodyIdField;

/** "Buy now" from the product detail (`/checkout?product=&quantity=&spec=`). */
export const buyNowSchema = z.object({
  productId: id('err.order.productNotFound'),
  spec: z.record(z.string().max(64), z.string().max(64)).default({}),
  quantity: z
    .number('err.order.quantityInvalid')
    .int('err.order.quantityInvalid')
    .min(1, 'err.order.quantityInvalid')
    .max(MAX_ORDER_QUANTITY, 'err.order.quantityInvalid'),
});
export type BuyNow = z.input<typeof buyNowSchema>;

const checkoutFields = {
  /** Bag item ids (the selected items of `/bag`). */
  items: z.array(id('err.order.selectItem')).max(MAX_CHECKOUT_ITEMS, 'err.order.selectItem').optional(),
  buyNow: buyNowSchema.optional(),
  addressId: id('err.order.chooseAddress').optional(),
  /** Empty = no promo code. */
  promoCode: z.string().trim().max(32, 'err.promo.unknown').optional(),
};

const oneSource = (body: { items?: number[] | undefined; buyNow?: unknown }) =>
  (body.items?.length ?? 0) > 0 !== (body.buyNow !== undefined);

/** `POST /api/order/preview`: bag items or buy-now, optional address and promo code. */
export const checkoutPreviewBody = z
  .object(checkoutFields)
  .refine(oneSource, { message: 'err.order.selectItem', path: ['items'] });
export type CheckoutPreviewBody = z.input<typeof checkoutPreviewBody>;

/** `POST /api/order/create`: the same, with the address required ("Please choose shipping address"). */
export const createOrderBody = z
  .object({ ...checkoutFields, addressId: id('err.order.chooseAddress') })
  .refine(oneSource, { message: 'err.order.selectItem', path: ['items'] });
export type CreateOrderBody = z.input<typeof createOrderBody>;

/** A line of the checkout: the order line it becomes, with its bag item and the stock left. */
export interface CheckoutItem extends OrderItem {
  /** The bag item, or null for buy-now. */
  bagItemId: number | null;
  stock: number;
}

/** One future order: one per shop. Money is integer cents. */
export interface CheckoutGroup {
  shopId: number;
  shopName: string;
  items: CheckoutItem[];
  freight: number;
  /** Goods of this shop, without freight. */
  subtotal: number;
}

export interface CheckoutPreview {
  groups: CheckoutGroup[];
  promo: { code: string; discount: number } | null;
  /** The chosen address, else the default one, else null. */
  address: Address | null;
  subtotal: number;
  freight: number;
  discount: number;
  total: number;
}

export interface CreatedOrder {
  id: number;
  orderNo: string;
  total: number;
}

/** `POST /api/order/create` data ("Create Order Success"). Stock is reserved; the bag items are removed. */
export interface CreateOrderResult {
  orders: CreatedOrder[];
  total: number;
}

/** `POST /api/order/pay`: pays waiting orders from the balance. Failures carry `VerifyPayFailure` data. */
export const payOrdersBody = z.object({
  orderIds: z.array(id('err.order.notFound')).min(1, 'err.order.notFound').max(50, 'err.order.notFound'),
  paymentCode: z.string('err.payFail').min(1, 'err.payFail').max(32, 'err.payFail'),
});
export type PayOrdersBody = z.infer<typeof payOrdersBody>;

/** `POST /api/order/pay` data ("Pay Success"). */
export interface PayResult {
  orders: CreatedOrder[];
  total: number;
  /** Balance after paying, integer cents. */
  balance: number;
}

/** Promo codes the server validates (unknown, expired, minimum spend). */
export interface PromoCodeInfo {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent (1-100) or integer cents. */
  value: number;
  minSpend: number;
  expiresAt: string | null;
}
