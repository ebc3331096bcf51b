import type { Page } from '@marketplace/shared/contracts';
import { orderItems, orders, users } from '../src/db/schema';
import type { OrderSummary } from '../src/modules/orders/orders.schemas';
import { call, openAsDemoShopper, type TestApp } from './harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await openAsDemoShopper());
  const [other] = await t.db.insert(users).values({ account: 'someone', passwordHash: 'x' }).returning();
  const demo = (await t.db.select().from(users)).find((user) => user.account === 'demo')!;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  await t.db.insert(orders).values([
    { orderNo: 'A1', userId: demo.id, shopName: 'Shop A', status: 0, totalCents: 1999, createdAt: at(1) },
    { orderNo: 'A2', userId: demo.id, shopName: 'Shop B', status: 4, totalCents: 500, createdAt: at(2) },
    { orderNo: 'A3', userId: demo.id, shopName: 'Shop A', status: -3, totalCents: 120, createdAt: at(3) },
    { orderNo: 'B1', userId: other!.id, shopName: 'Shop A', status: 0, totalCents: 7000, createdAt: at(4) },
  ]);
});
afterAll(() => t.close());

const list = (query: string) =>
  call<Page<OrderSummary>>(t.app, { method: 'GET', url: `/api/user/order_list?${query}`, headers: { token } });

describe('order_list', () => {
  it("lists only the caller's orders, newest first, with money in cents", async () => {
    const reply = await list('status=all');
    expect(reply.code).toBe(1);
    expect(reply.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(reply.data.list.map((order) => order.orderNo)).toEqual(['A3', 'A2', 'A1']);
    expect(reply.data.list[2]).toMatchObject({ shopName: 'Shop A', status: 0, total: 1999 });
  });

  it('filters by status, including -3 for refund in progress', async () => {
    expect((await list('status=0')).data.list.map((order) => order.orderNo)).toEqual(['A1']);
    expect((await list('status=-3')).data.list.map((order) => order.orderNo)).toEqual(['A3']);
    expect((await list('status=-2')).data).toMatchObject({ list: [], total: 0 });
  });

  it('pages with page and pageSize', async () => {
    const second = await list('status=all&page=2&pageSize=2');
    expect(second.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.data.list.map((order) => order.orderNo)).toEqual(['A1']);
  });

  it("shows each order's own first product, item count and quantity", async () => {
    const byNo = Object.fromEntries((await t.db.select().from(orders)).map((order) => [order.orderNo, order.id]));
    const item = (orderNo: string, title: string, quantity: number) => ({
      orderId: byNo[orderNo]!,
      productId: 1,
      title,
      image: `/img/${title}.svg`,
      spec: {},
      unitPriceCents: 100,
      quantity,
    });
    // Item ids and order ids deliberately out of step: a subquery must match on the outer order.
    await t.db.insert(orderItems).values([item('A2', 'Lamp', 1), item('A1', 'Kettle', 2), item('A1', 'Cup', 1)]);
    const summaries = Object.fromEntries((await list('status=all')).data.list.map((order) => [order.orderNo, order]));
    expect(summaries.A1).toMatchObject({ productTitle: 'Kettle', itemCount: 2, quantity: 3 });
    expect(summaries.A2).toMatchObject({ productTitle: 'Lamp', itemCount: 1, quantity: 1 });
    expect(summaries.A3).toMatchObject({ itemCount: 0, quantity: 0 });
  });

  it('needs a token', async () => {
    const reply = await call(t.app, { method: 'GET', url: '/api/user/order_list' });
    expect(reply).toMatchObject({ status: 401, code: 401, msg: 'Please login first' });
  });
});
