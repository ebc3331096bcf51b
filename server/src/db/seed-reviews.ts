import { sql } from 'drizzle-orm';
import { OrderStatus } from '@marketplace/shared/contracts';
import { productImageUrl } from '../modules/images/images.service';
import type { LedgerRepository } from '../modules/ledger/ledger.repository';
import type { Db } from './client';
import type { Executor } from './transaction';
import { rowsOf } from './prepared';

/**
 * The demo catalogue's reviews: real review rows (a completed order of one of a few seeded reviewers, its
 * item and its review, with text and sometimes pictures), and each product's rating count and score
 * sums computed from them, so the product page's "Ratings (n)", its averages and the review list always
 * come from the same reviews (requirements §3.3).
 */

/** Seeded reviewers: accounts that cannot sign in (a password hash nothing verifies against). */
const REVIEWERS = [
  'maria.k',
  'tomasz88',
  'li_wei',
  'sofia.r',
  'ahmed.n',
  'yuki.t',
  'carlos_m',
  'anna.b',
  'oliver.p',
  'fatima.z',
  'lucas.d',
  'emma.w',
  'nguyen.h',
  'ivan.s',
  'chloe.v',
  'samir.a',
];

/** What a reviewer writes, by the product score they give (1-5). */
const TEXTS: Record<number, string[]> = {
  5: [
    'Exactly as described and arrived well packed. Very happy with it.',
    'Great quality for the price. I would buy from this shop again.',
    'Arrived faster than expected and works perfectly.',
    'Looks even better in person. Highly recommended.',
  ],
  4: [
    'Good product, does what it should. Delivery took a few extra days.',
    'Nice quality overall, the colour is slightly different from the photos.',
    'Solid value. The packaging could have been better.',
  ],
  3: ['It is okay for the price, nothing special.', 'Average quality. It works, but the finish is a bit rough.'],
  2: ['Smaller than I expected and the instructions were unclear.'],
  1: ['Arrived damaged. The shop answered quickly, but I am disappointed.'],
};

const SCORES = [5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 1];
/** At most this many reviews per product; some products have none. */
const MOST_PER_PRODUCT = 6;
/** Reviews are dated between these many days ago (before any dashboard period of recent days). */
const OLDEST_DAYS = 400;
const NEWEST_DAYS = 45;

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

interface ProductRow {
  id: number;
  shop_id: number;
  shop_name: string;
  title: string;
  unit_price: number;
  image_count: number;
  specs: { name: string; options: string[] }[];
}

/** One review of one product: its order, item and review columns, as the three inserts read them. */
const reviewRow = (random: Random, product: ProductRow, n: number, reviewerIds: number[], now: Date) => {
  const score = pick(random, SCORES);
  const at = new Date(now.getTime() - between(random, NEWEST_DAYS * 24, OLDEST_DAYS * 24) * 3_600_000);
  // About one review in four has pictures: the reviewer's photos of the product (its own gallery pictures).
  const picCount = random() < 0.25 ? between(random, 1, Math.min(2, product.image_count)) : 0;
  return {
    orderNo: `R${String(product.id).padStart(8, '0')}${String(n).padStart(2, '0')}`,
    userId: pick(random, reviewerIds),
    shopId: product.shop_id,
    shopName: product.shop_name,
    productId: product.id,
    title: product.title,
    image: productImageUrl(product.id),
    spec: Object.fromEntries(product.specs.map((spec) => [spec.name, spec.options[0] ?? ''])),
    price: product.unit_price,
    content: pick(random, TEXTS[score] ?? []),
    productScore: score,
    serviceScore: Math.max(score, between(random, 3, 5)),
    postageScore: between(random, Math.max(1, score - 1), 5),
    pics: Array.from({ length: picCount }, (_, i) => productImageUrl(product.id, i + 1)),
    at: at.toISOString(),
  };
};

/** Inserts the reviewers, one completed order with one item and one review per seeded review. */
const insertReviews = async (tx: Pick<Db, 'execute'>, rows: ReturnType<typeof reviewRow>[]) => {
  const json = JSON.stringify(rows);
  const recordset = sql`jsonb_to_recordset(${json}::jsonb) AS r("orderNo" text, "userId" int, "shopId" int,
    "shopName" text, "productId" int, title text, image text, spec jsonb, price bigint, content text,
    "productScore" smallint, "serviceScore" smallint, "postageScore" smallint, pics jsonb, at timestamptz)`;
  await tx.execute(sql`
    INSERT INTO orders (order_no, user_id, shop_id, shop_name, status, subtotal_cents, total_cents, paid_at,
      created_at, updated_at)
    SELECT "orderNo", "userId", "shopId", "shopName", ${OrderStatus.COMPLETED}, price, price, at, at, at
    FROM ${recordset}`);
  await tx.execute(sql`
    INSERT INTO order_items (order_id, product_id, title, image, spec, unit_price_cents, quantity)
    SELECT o.id, r."productId", r.title, r.image, r.spec, r.price, 1
    FROM ${recordset} JOIN orders o ON o.order_no = r."orderNo"`);
  await tx.execute(sql`
    INSERT INTO comments (order_id, user_id, shop_id, content, product_score, service_score, postage_score, pics,
      created_at)
    SELECT o.id, r."userId", r."shopId", r.content, r."productScore", r."serviceScore", r."postageScore", r.pics, r.at
    FROM ${recordset} JOIN orders o ON o.order_no = r."orderNo"`);
};

/**
 * Seeds the reviews of every product there is (the demo catalogue: call it before a large catalogue is
 * added, whose products start with none), then sets every product's rating count and score sums, and
 * every reviewed shop's favourable rate, from the reviews.
 */
/**
 * Each reviewer's orders were paid like any other: an opening adjustment of their sum, then one payment per
 * order, through the ledger's one writer, so every completed order is charged exactly once and each
 * reviewer's balance (0) equals their ledger, as the money checks require of every shopper.
 */
const payReviewersOrders = async (tx: Executor, ledger: LedgerRepository, reviewerIds: number[]) => {
  for (const userId of reviewerIds) {
    const orders = await rowsOf<{ id: number; total: number }>(
      tx,
      sql`SELECT id, total_cents::int AS total FROM orders WHERE user_id = ${userId} ORDER BY id`,
    );
    if (orders.length === 0) continue;
    const sum = orders.reduce((total, order) => total + Number(order.total), 0);
    await ledger.post(tx, userId, [{ amount: sum, kind: 'adjustment', reference: null, note: 'Opening balance' }]);
    await ledger.post(
      tx,
      userId,
      orders.map((order) => ({ amount: -Number(order.total), kind: 'payment', reference: `order:${order.id}` })),
    );
  }
};

export const seedDemoReviews = async (tx: Executor, now: Date, ledger: LedgerRepository): Promise<void> => {
  const random = (() => {
    // mulberry32 with its own seed: the catalogue's draws stay as they were.
    let a = 20_261_207;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  })();
  const reviewers = await rowsOf<{ id: number }>(
    tx,
    sql`
    INSERT INTO users (account, password_hash, given_name)
    SELECT account, '!', account FROM jsonb_array_elements_text(${JSON.stringify(REVIEWERS)}::jsonb) AS account
    ON CONFLICT (account) DO UPDATE SET account = EXCLUDED.account
    RETURNING id`,
  );
  const reviewerIds = reviewers.map((row) => Number(row.id));
  const products = await rowsOf<ProductRow>(
    tx,
    sql`
    SELECT p.id, p.shop_id, s.name AS shop_name, p.title, p.unit_price::int AS unit_price, p.image_count, p.specs
    FROM products p JOIN shops s ON s.id = p.shop_id ORDER BY p.id`,
  );
  const rows = products.flatMap((product) =>
    Array.from({ length: between(random, 0, MOST_PER_PRODUCT) }, (_, n) =>
      reviewRow(random, product, n, reviewerIds, now),
    ),
  );
  await insertReviews(tx, rows);
  await payReviewersOrders(tx, ledger, reviewerIds);
  await tx.execute(sql`
    UPDATE products p SET rating_count = c.n, product_score_sum = c.product, service_score_sum = c.service,
      postage_score_sum = c.postage
    FROM (SELECT oi.product_id, count(*)::int AS n, sum(c.product_score)::int AS product,
            sum(c.service_score)::int AS service, sum(c.postage_score)::int AS postage
          FROM comments c JOIN order_items oi ON oi.order_id = c.order_id GROUP BY oi.product_id) c
    WHERE p.id = c.product_id`);
  await tx.execute(sql`
    UPDATE shops s SET favorable_rate = c.rate
    FROM (SELECT shop_id, round(100.0 * count(*) FILTER (WHERE product_score >= 4) / count(*))::smallint AS rate
          FROM comments WHERE shop_id IS NOT NULL GROUP BY shop_id) c
    WHERE s.id = c.shop_id`);
};
