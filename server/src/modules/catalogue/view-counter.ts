import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Product views counted in memory and written in one statement per interval (and at shutdown), so a
 * product page costs no write per visit. A crash loses at most one interval of view counts, which
 * only order the "popular" list; money and stock never go through here.
 */
export const createViewCounter = (db: Db, { flushMs = 5_000 }: { flushMs?: number } = {}) => {
  let pending = new Map<number, number>();
  /** Every view this process counted since it started (one entry per product viewed): never reset. */
  const counted = new Map<number, number>();
  let flushing: Promise<void> = Promise.resolve();

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const values = sql.join(
      [...batch].map(([id, views]) => sql`(${id}::int, ${views}::int)`),
      sql`, `,
    );
    try {
      await db.execute(
        sql`UPDATE products p SET seen = p.seen + v.views FROM (VALUES ${values}) AS v(id, views) WHERE p.id = v.id`,
      );
    } catch {
      // Put the views back: the next interval tries again.
      for (const [id, views] of batch) pending.set(id, (pending.get(id) ?? 0) + views);
    }
  };

  const timer = setInterval(() => {
    flushing = flushing.then(flush);
  }, flushMs);
  timer.unref();

  return {
    add(productId: number) {
      pending.set(productId, (pending.get(productId) ?? 0) + 1);
      counted.set(productId, (counted.get(productId) ?? 0) + 1);
    },
    /** Views not written yet, so a page shows its own visit at once. */
    pendingFor: (productId: number) => pending.get(productId) ?? 0,
    /**
     * Views this process counted since it started, written or not: a product read kept for a moment adds
     * the views counted after it was read (catalogue.service.ts's product details).
     */
    countedFor: (productId: number) => counted.get(productId) ?? 0,
    flush: () => (flushing = flushing.then(flush)),
    async close() {
      clearInterval(timer);
      await (flushing = flushing.then(flush));
    },
  };
};

export type ViewCounter = ReturnType<typeof createViewCounter>;
