import { sql } from 'drizzle-orm';
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository';
import { createCatalogueService } from '../src/modules/catalogue/catalogue.service';
import { createTestApp, type TestApp } from './harness';
import { rows } from './catalogue.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every product noun ranked by units sold, the order the hot keywords follow. */
const ranking = async () =>
  (
    await rows<{ keyword: string }>(
      t.db,
      sql`SELECT keyword FROM products GROUP BY keyword ORDER BY sum(sold) DESC, keyword ASC`,
    )
  ).map((row) => row.keyword);

describe('hot keywords', () => {
  it('are ranked once a minute: a change in sales shows after the minute, not before', async () => {
    let clock = 1_000_000;
    const service = createCatalogueService({ catalogue: createCatalogueRepository(t.db), now: () => clock });
    const before = await ranking();
    expect(before.length).toBeGreaterThan(10);
    const first = await service.hotKeywords();
    expect(first).toEqual(before.slice(0, 10));

    // A noun outside the top ten becomes the best seller.
    const risen = before[10]!;
    await t.db.execute(sql`UPDATE products SET sold = sold + 1000000 WHERE keyword = ${risen}`);
    clock += 59_999;
    expect(await service.hotKeywords()).toEqual(first);
    clock += 1;
    const after = await service.hotKeywords();
    expect(after[0]).toBe(risen);
    expect(after).toEqual((await ranking()).slice(0, 10));
  });
});
