jest.setTimeout(180_000);

import { eq } from 'drizzle-orm';
import type {
  CheckoutPreview,
  CreateOrderResult,
  OrderDetail,
  Page,
  OrderSummary,
  ProductComment,
} from '@marketplace/shared/contracts';
import { bagItems, products, shops } from '../src/db/schema';
import { call, type TestApp } from './harness';
import {
  addAddress,
  admin,
  createOrdersTestApp,
  createProduct,
  createShop,
  createShopper,
  fund,
  ledgerInvariant,
  pay,
  putInBag,
  upload,
  type Shopper,
} from './orders.helpers';

let t: TestApp;
let ana: Shopper;
let addressId: number;
let shopA: { id: number };
let shopB: { id: number };
let mug: { id: number };
let lamp: { id: number };

beforeAll(async () => {
  t = await createOrdersTestApp();
  ana = await createShopper(t, 'ana');
  await fund(t.app, 'ana', 50_000);
  addressId = await addAddress(t.app, ana);
  shopA = await createShop(t, 'Flow Shop A');
  shopB = await createShop(t, 'Flow Shop B');
  mug = await createProduct(t, shopA.id, { unitPrice: 1_500, stock: 5, title: 'Blue Mug' });
  lamp = await createProduct(t, shopB.id, { unitPrice: 6_000, stock: 3, title: 'Desk Lamp' });
});
afterAll(() => t.close());

const post = <T>(url: string, payload: object, headers: object = ana.headers) =>
  call<T>(t.app, { method: 'POST', url, headers: headers as Record<string, string>, payload });
const get = <T>(url: string, headers: object = ana.headers) =>
  call<T>(t.app, { method: 'GET', url, headers: headers as Record<string, string> });
const stockOf = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

describe('bag → checkout → pay → ship → confirm → comment', () => {
  let orders: CreateOrderResult['orders'];

  it('previews one order per shop with freight, promo code and total', async () => {
    const one = await putInBag(t, ana.id, mug.id, 2);
    const two = await putInBag(t, ana.id, lamp.id, 1);
    const preview = await post<CheckoutPreview>('/api/order/preview', {
      items: [one.id, two.id],
      promoCode: 'welcome10',
    });
    expect(preview.code).toBe(1);
    expect(preview.data.groups.map((g) => [g.shopName, g.subtotal, g.freight])).toEqual([
      ['Flow Shop A', 3_000, 500],
      ['Flow Shop B', 6_000, 0],
    ]);
    expect(preview.data).toMatchObject({ subtotal: 9_000, freight: 500, discount: 900, total: 8_600 });
    expect(preview.data.promo).toEqual({ code: 'WELCOME10', discount: 900 });
    expect(preview.data.address).toMatchObject({ id: addressId, isDefault: true });
  });

  it('refuses unknown, expired and under-minimum promo codes with their messages', async () => {
    const items = (await t.db.select().from(bagItems).where(eq(bagItems.userId, ana.id))).map((item) => item.id);
    expect((await post('/api/order/preview', { items, promoCode: 'NOPE' })).msg).toBe('This promo code does not exist');
    expect((await post('/api/order/preview', { items, promoCode: 'EXPIRED2025' })).msg).toBe(
      'This promo code has expired',
    );
    const mugOnly = await post('/api/order/preview', {
      buyNow: { productId: mug.id, quantity: 1, spec: {} },
      promoCode: 'SAVE5',
    });
    expect(mugOnly.msg).toBe('This promo code needs a spend of at least $30.00');
  });

  it('says "Please select item to checkout" and "Please choose shipping address"', async () => {
    expect((await post('/api/order/preview', { items: [] })).msg).toBe('Please select item to checkout');
    expect((await post('/api/order/create', { buyNow: { productId: mug.id, quantity: 1, spec: {} } })).msg).toBe(
      'Please choose shipping address',
    );
  });

  it('creates the orders ("Create Order Success"), reserves stock and empties those bag lines', async () => {
    const items = (await t.db.select().from(bagItems).where(eq(bagItems.userId, ana.id))).map((item) => item.id);
    const created = await post<CreateOrderResult>('/api/order/create', { items, addressId, promoCode: 'WELCOME10' });
    expect(created).toMatchObject({ code: 1, msg: 'Create Order Success' });
    expect(created.data.total).toBe(8_600);
    orders = created.data.orders;
    expect(orders).toHaveLength(2);
    expect(await stockOf(mug.id)).toBe(3);
    expect(await stockOf(lamp.id)).toBe(2);
    expect(await t.db.select().from(bagItems).where(eq(bagItems.userId, ana.id))).toEqual([]);
    const list = await get<Page<OrderSummary>>('/api/user/order_list?status=0');
    expect(list.data.list.map((o) => o.actions)).toEqual([
      ['pay', 'cancel'],
      ['pay', 'cancel'],
    ]);
  });

  it('pays with the payment code ("Pay Success"), once: paying again charges nothing', async () => {
    const ids = orders.map((o) => o.id);
    expect((await pay(t.app, ana, ids, '654321')).msg).toBe('Pay Fail');
    const paid = await pay(t.app, ana, ids);
    expect(paid).toMatchObject({ code: 1, msg: 'Pay Success', data: { balance: 50_000 - 8_600 } });
    const again = await pay(t.app, ana, ids);
    expect(again).toMatchObject({ code: 0, msg: 'This order has already been paid' });
    expect((await get<{ balance: number }>('/api/user/getUserInfo')).data.balance).toBe(41_400);
    const bill = await get<Page<{ kind: string; amount: number }>>('/api/user/bill');
    expect(
      bill.data.list
        .filter((e) => e.kind === 'payment')
        .map((e) => e.amount)
        .sort(),
    ).toEqual(orders.map((o) => -o.total).sort());
    expect((await get<Page<OrderSummary>>('/api/user/order_list?status=1')).data.total).toBe(2);
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopA.id));
    expect(shop).toMatchObject({ sales: 2, totalSales: 3_000 });
  });

  it('shows the operator shipping in the logistics timeline, then confirm receipt and a review', async () => {
    const order = orders.find((o) => o.total !== 5_400)!;
    const shipped = await post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'JD0001' }, admin);
    expect(shipped.code).toBe(1);
    expect((await post('/api/admin/order/deliver', { id: order.id }, admin)).code).toBe(1);
    const detail = await get<OrderDetail>(`/api/order/detail?id=${order.id}`);
    expect(detail.data).toMatchObject({
      status: 2,
      carrier: 'DHL',
      trackingNo: 'JD0001',
      actions: ['confirm', 'refund'],
    });
    expect(detail.data.logistics.map((e) => e.kind)).toEqual(['delivered', 'shipped', 'paid', 'created']);
    expect(detail.data.logistics[1]!.text).toBe('Shipped by DHL, tracking number JD0001');
    expect(detail.data.address).toMatchObject({ addressee: 'Ana Lima', area: 'Lisbon' });

    expect((await post('/api/order/confirm', { id: order.id })).code).toBe(1);
    expect(
      (
        await post('/api/order/comment', {
          orderId: order.id,
          content: '  ',
          productScore: 5,
          serviceScore: 5,
          postageScore: 5,
        })
      ).msg,
    ).toBe('Review content cannot be empty');
    const pic = await upload(t.app, ana);
    const comment = {
      orderId: order.id,
      content: 'Lovely',
      productScore: 4,
      serviceScore: 5,
      postageScore: 3,
      pics: [pic.id],
    };
    expect(await post('/api/order/comment', comment)).toMatchObject({ code: 1, msg: 'Submission Successful' });
    expect((await post('/api/order/comment', comment)).msg).toBe('You have already reviewed this order');
    expect((await get<OrderDetail>(`/api/order/detail?id=${order.id}`)).data.status).toBe(4);

    const [product] = await t.db.select().from(products).where(eq(products.id, mug.id));
    expect(product).toMatchObject({ ratingCount: 1, productScoreSum: 4, serviceScoreSum: 5, postageScoreSum: 3 });
    const reviews = await get<Page<ProductComment>>(`/api/catalogue/product_comments?id=${mug.id}`, {});
    expect(reviews.data.list).toEqual([
      expect.objectContaining({ content: 'Lovely', author: 'an***a', pics: [pic.url] }),
    ]);
    // A published review picture can be seen by anyone.
    expect((await t.app.inject({ method: 'GET', url: pic.url })).statusCode).toBe(200);
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopA.id));
    expect(shop!.favorableRate).toBe(100);
  });

  it('refund: request → refund in progress (-3) → operator agrees → balance restored through the ledger', async () => {
    const order = orders.find((o) => o.total === 5_400)!;
    const proof = await upload(t.app, ana);
    const body = {
      orderId: order.id,
      refundType: 'refund',
      refundAmount: order.total,
      productStatus: 'notReceived',
      reason: 'Too late',
      explain: 'It never shipped',
      attachment: proof.id,
    };
    expect((await post('/api/order/refund', { ...body, refundAmount: -1 })).msg).toBe(
      'Refund amount cannot be negative',
    );
    expect((await post('/api/order/refund', { ...body, refundAmount: order.total + 1 })).msg).toBe(
      'Refund amount cannot be larger than the amount paid ($54.00)',
    );
    expect((await post('/api/order/refund', { ...body, attachment: '' })).msg).toBe('Please upload proof');
    expect((await post('/api/order/refund', { ...body, reason: '' })).msg).toBe('Please fill in the reason');
    const before = (await get<{ balance: number }>('/api/user/getUserInfo')).data.balance;
    expect(await post('/api/order/refund', body)).toMatchObject({ code: 1, msg: 'Application successful' });
    expect((await post('/api/order/refund', body)).msg).toBe('You have already submitted a refund request');
    expect((await get<Page<OrderSummary>>('/api/user/order_list?status=-3')).data.list.map((o) => o.id)).toEqual([
      order.id,
    ]);

    expect((await post('/api/admin/refund/decide', { orderId: order.id, agree: true }, admin)).code).toBe(1);
    expect((await post('/api/admin/refund/decide', { orderId: order.id, agree: true }, admin)).msg).toBe(
      'This refund request has already been decided',
    );
    expect((await get<{ balance: number }>('/api/user/getUserInfo')).data.balance).toBe(before + order.total);
    const detail = await get<OrderDetail>(`/api/order/detail?id=${order.id}`);
    expect(detail.data).toMatchObject({ status: -2, refund: { state: 'agreed', refundAmount: order.total } });
    // The refunded lamp is back in stock (docs/decisions/0012-variants-and-stock.md), once.
    expect(await stockOf(lamp.id)).toBe(3);
    expect((await ledgerInvariant(t)).filter((row) => row.balance !== row.ledger || row.negatives > 0)).toEqual([]);
  });
});

describe('cancel and refusals', () => {
  it('cancels a waiting order after which its stock is back, and refuses a second cancel', async () => {
    const before = await stockOf(mug.id);
    const created = await post<CreateOrderResult>('/api/order/create', {
      buyNow: { productId: mug.id, quantity: 2, spec: {} },
      addressId,
    });
    const id = created.data.orders[0]!.id;
    expect(await stockOf(mug.id)).toBe(before - 2);
    expect(await post('/api/order/cancel', { id })).toMatchObject({ code: 1, msg: 'Cancel Success' });
    expect(await stockOf(mug.id)).toBe(before);
    expect((await post('/api/order/cancel', { id })).msg).toBe('This order cannot be cancelled in its current status');
    expect((await pay(t.app, ana, [id])).msg).toBe('This order cannot be paid in its current status');
  });

  it('refuses more than the stock, naming the product', async () => {
    const reply = await post('/api/order/create', { buyNow: { productId: lamp.id, quantity: 4, spec: {} }, addressId });
    expect(reply.msg).toBe('Desk Lamp is out of stock (only 3 left)');
    expect(await stockOf(lamp.id)).toBe(3);
  });

  it('refuses paying beyond the balance and changes nothing', async () => {
    const poor = await createShopper(t, 'poor');
    const address = await addAddress(t.app, poor);
    const created = await post<CreateOrderResult>(
      '/api/order/create',
      { buyNow: { productId: mug.id, quantity: 1, spec: {} }, addressId: address },
      poor.headers,
    );
    expect((await pay(t.app, poor, [created.data.orders[0]!.id])).msg).toBe(
      'Your balance is not enough, please top up first',
    );
    expect(
      (await get<OrderDetail>(`/api/order/detail?id=${created.data.orders[0]!.id}`, poor.headers)).data.status,
    ).toBe(0);
  });

  it('prompts to set a payment code first (PAYMENT_CODE_NOT_SET) and locks after 5 wrong codes', async () => {
    const fresh = await createShopper(t, 'nocode', { paymentCode: false });
    const reply = await pay(t.app, fresh, [1]);
    expect(reply).toMatchObject({
      code: 0,
      msg: 'Please set your payment code in settings first',
      data: { reason: 'PAYMENT_CODE_NOT_SET' },
    });
    const locked = await createShopper(t, 'guesser');
    for (let i = 0; i < 4; i++) expect((await pay(t.app, locked, [1], '000000')).msg).toBe('Pay Fail');
    expect((await pay(t.app, locked, [1], '000000')).data).toMatchObject({ reason: 'PAYMENT_LOCKED' });
    expect((await pay(t.app, locked, [1])).data).toMatchObject({ reason: 'PAYMENT_LOCKED' });
  });
});
