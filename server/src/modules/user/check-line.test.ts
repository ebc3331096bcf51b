import { createCheckLine } from './secret-guard';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("a shopper's secret checks waiting in line in this process", () => {
  it('lets `max` in at once and the next in, first come first served, as each leaves', async () => {
    const line = createCheckLine(2);
    const order: string[] = [];
    const a = await line.enter(1, 1_000);
    const b = await line.enter(1, 1_000);
    const c = line.enter(1, 1_000).then((leave) => (order.push('c'), leave));
    const d = line.enter(1, 1_000).then((leave) => (order.push('d'), leave));
    const other = await line.enter(2, 1_000);
    expect(other).not.toBeNull();
    await tick();
    expect(order).toEqual([]);
    a!();
    await tick();
    expect(order).toEqual(['c']);
    b!();
    await tick();
    expect(order).toEqual(['c', 'd']);
    (await c)!();
    (await d)!();
    other!();
  });

  it('gives up after the wait limit, taking no place', async () => {
    const line = createCheckLine(1);
    const first = await line.enter(7, 1_000);
    expect(await line.enter(7, 20)).toBeNull();
    first!();
    const again = await line.enter(7, 20);
    expect(again).not.toBeNull();
    again!();
  });
});
