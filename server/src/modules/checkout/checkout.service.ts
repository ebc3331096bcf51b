import { randomInt } from 'node:crypto';
import {
  OrderStatus,
  formatMoney,
  freightFor,
  type CheckoutGroup,
  type CheckoutPreview,
  type CreateOrderResult,
  checkoutPreviewBody,
} from '@marketplace/shared/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fail } from '../../lib/app-error';
import type { AddressesRepository } from '../addresses/addresses.repository';
import { toAddress } from '../addresses/addresses.service';
import { productOfLine, validSpec } from '../bag/bag-lines';
import { pickVariant, reserveVariants, variantsOf } from '../catalogue/variants';
import { inTransaction, type Executor } from '../ledger/transaction';
import type { OrdersRepository } from '../orders/orders.repository';
import type { CheckoutLine, CheckoutRepository } from './checkout.repository';
import { discountFor, splitDiscount } from './promo-codes';

type PreviewInput = z.output<typeof checkoutPreviewBody>;

/** Date plus 10 random digits: readable, and unguessable enough that numbers reveal no order volume. */
const newOrderNo = (now: Date) =>
  `${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1e10)).padStart(10, '0')}`;

interface Deps {
  db: Db;
  checkout: CheckoutRepository;
  orders: OrdersRepository;
  addresses: AddressesRepository;
  now: () => Date;
}

export const createCheckoutService = ({ db, checkout, orders, addresses, now }: Deps) => {
  /** Each line buys one variant (docs/decisions/0012-variants-and-stock.md): its price and stock are the line's. */
  const withVariants = async (executor: Executor, lines: Omit<CheckoutLine, 'variantId'>[]) => {
    const variants = await variantsOf(executor, [...new Set(lines.map((line) => line.productId))]);
    return lines.map((line): CheckoutLine => {
      const variant = pickVariant(
        variants.filter((candidate) => candidate.productId === line.productId),
        line.spec,
      );
      if (!variant) throw fail('err.order.variantMissing', { title: line.title });
      return { ...line, variantId: variant.id, unitPrice: variant.unitPrice, stock: variant.stock };
    });
  };

  const loadLines = async (executor: Executor, userId: number, body: PreviewInput): Promise<CheckoutLine[]> => {
    if (body.buyNow) {
      const product = await checkout.product(executor, body.buyNow.productId);
      if (!product) throw fail('err.order.productNotFound');
      if (!validSpec(product.specs, body.buyNow.spec)) throw fail('err.order.specInvalid');
      return withVariants(executor, [
        { ...product, bagItemId: null, spec: body.buyNow.spec, quantity: body.buyNow.quantity },
      ]);
    }
    const ids = [...new Set(body.items ?? [])];
    const lines = await checkout.bagLines(executor, userId, ids);
    if (lines.length !== ids.length) throw fail('err.order.bagItemNotFound');
    return withVariants(
      executor,
      lines.sort((a, b) => (a.bagItemId ?? 0) - (b.bagItemId ?? 0)),
    );
  };

  const groupByShop = (lines: CheckoutLine[]): CheckoutGroup[] => {
    const groups = new Map<number, CheckoutGroup>();
    for (const line of lines) {
      const group = groups.get(line.shopId) ?? {
        shopId: line.shopId,
        shopName: line.shopName,
        items: [],
        freight: 0,
        subtotal: 0,
      };
      const subtotal = line.unitPrice * line.quantity;
      group.items.push({
        bagItemId: line.bagItemId,
        ...productOfLine(line),
        subtotal,
      });
      group.subtotal += subtotal;
      groups.set(line.shopId, group);
    }
    return [...groups.values()].map((group) => ({ ...group, freight: freightFor(group.subtotal) }));
  };

  /** Unknown, expired and minimum-spend rules; the minimum is on the goods, before freight. */
  const applyPromo = async (executor: Executor, userId: number, code: string | undefined, goods: number) => {
    if (!code) return null;
    const promo = await checkout.promo(executor, code);
    if (!promo) throw fail('err.promo.unknown');
    if (promo.expiresAt && promo.expiresAt <= now()) throw fail('err.promo.expired');
    if (goods < promo.minSpendCents) throw fail('err.promo.minSpend', { amount: formatMoney(promo.minSpendCents) });
    if (
      promo.perShopperLimit !== null &&
      (await checkout.promoUses(executor, userId, promo.code)) >= promo.perShopperLimit
    ) {
      throw fail(promo.perShopperLimit === 1 ? 'err.promo.used' : 'err.promo.usedUp', { limit: promo.perShopperLimit });
    }
    return { code: promo.code, discount: discountFor(promo, goods) };
  };

  const price = async (executor: Executor, userId: number, body: PreviewInput) => {
    const lines = await loadLines(executor, userId, body);
    const groups = groupByShop(lines);
    const subtotal = groups.reduce((sum, group) => sum + group.subtotal, 0);
    const freight = groups.reduce((sum, group) => sum + group.freight, 0);
    const promo = await applyPromo(executor, userId, body.promoCode, subtotal);
    const discount = promo?.discount ?? 0;
    return { lines, groups, promo, subtotal, freight, discount, total: subtotal + freight - discount };
  };

  return {
    async preview(userId: number, body: PreviewInput): Promise<CheckoutPreview> {
      const { groups, promo, subtotal, freight, discount, total } = await price(db, userId, body);
      const addressRow =
        body.addressId !== undefined
          ? await addresses.find(db, userId, body.addressId)
          : await addresses.defaultFor(db, userId);
      if (body.addressId !== undefined && !addressRow) throw fail('err.address.notFound');
      return { groups, promo, address: addressRow ? toAddress(addressRow) : null, subtotal, freight, discount, total };
    },

    /**
     * One order per shop, all or nothing: stock reserved by conditional decrements, the bag lines
     * removed, the address copied into the orders. Payment is a separate step (`pay`).
     */
    async create(userId: number, body: PreviewInput & { addressId: number }): Promise<CreateOrderResult> {
      return inTransaction(db, async (tx) => {
        const address = await orders.address(tx, body.addressId, userId);
        if (!address) throw fail('err.order.chooseAddress');
        if (body.promoCode) await checkout.lockPromoUse(tx, userId, body.promoCode);
        const { lines, groups, promo } = await price(tx, userId, body);
        const holds = new Map<number, { productId: number; variantId: number; quantity: number }>();
        for (const line of lines) {
          const held = holds.get(line.variantId)?.quantity ?? 0;
          holds.set(line.variantId, {
            productId: line.productId,
            variantId: line.variantId,
            quantity: held + line.quantity,
          });
        }
        const short = await reserveVariants(tx, [...holds.values()]);
        if (short) {
          const line = lines.find((candidate) => candidate.variantId === short.variantId)!;
          throw fail('err.order.outOfStock', { title: line.title, stock: short.stock });
        }
        const discounts = splitDiscount(
          promo?.discount ?? 0,
          groups.map((group) => group.subtotal),
        );
        const created = await orders.insertOrders(
          tx,
          groups.map((group, index) => {
            const discount = discounts[index] ?? 0;
            return {
              order: {
                orderNo: newOrderNo(now()),
                userId,
                shopId: group.shopId,
                shopName: group.shopName,
                status: OrderStatus.WAITING_PAY,
                subtotalCents: group.subtotal,
                freightCents: group.freight,
                discountCents: discount,
                promoCode: promo?.code ?? null,
                totalCents: group.subtotal + group.freight - discount,
                address,
              },
              items: group.items.map((item) => ({
                productId: item.productId,
                variantId: lines.find((line) => line.productId === item.productId && line.spec === item.spec)!
                  .variantId,
                title: item.title,
                image: item.image,
                spec: item.spec,
                unitPriceCents: item.unitPrice,
                quantity: item.quantity,
              })),
            };
          }),
        );
        if (promo) await checkout.redeemPromo(tx, userId, promo.code);
        await checkout.removeBagItems(
          tx,
          userId,
          lines.flatMap((line) => (line.bagItemId === null ? [] : [line.bagItemId])),
        );
        const list = created.map((order) => ({ id: order.id, orderNo: order.orderNo, total: order.totalCents }));
        return { orders: list, total: list.reduce((sum, order) => sum + order.total, 0) };
      });
    },
  };
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;
