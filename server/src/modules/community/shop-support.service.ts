import {
  SUPPORT_FAILED_KEY,
  SUPPORT_STREAK_MILESTONES,
  type Page,
  type PageQuery,
  type SupportHistoryEntry,
  type SupportRecord,
  type SupportStatus,
} from '@marketplace/shared/contracts';
import { inTransaction } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import { offsetOf, pageOf } from '../../lib/paging';
import { shopLogoUrl } from '../images/images.service';
import type { CommunityDeps } from './community-deps';
import { streakOf, supportDayOf } from './support-day';

/** Supporting shops: once a day per shopper and shop, the streaks and the shopper's history. */
export const createShopSupportService = ({
  db,
  community,
  notifier,
  config,
  now,
}: Pick<CommunityDeps, 'db' | 'community' | 'notifier' | 'config' | 'now'>) => {
  const today = () => supportDayOf(now(), config.supportTimeZone);

  const existingShop = async (shopId: number) => {
    const shop = await community.findShop(db, shopId);
    if (!shop) throw fail('err.catalogue.shopNotFound');
    return shop;
  };

  return {
    async assistList(userId: number, query: PageQuery): Promise<Page<SupportRecord>> {
      const { rows, total } = await community.assistList(userId, today(), offsetOf(query), query.pageSize);
      return pageOf(
        rows.map((row) => ({
          shopId: row.shopId,
          shopName: row.shopName,
          logo: shopLogoUrl(row.shopId),
          days: Number(row.days),
          totalDays: row.totalDays,
          supportedToday: Boolean(row.supportedToday),
          followed: Boolean(row.followed),
        })),
        total,
        query,
      );
    },

    async status(userId: number, shopId: number): Promise<SupportStatus> {
      const shop = await existingShop(shopId);
      const day = today();
      const days = await community.supportDays(db, userId, shopId);
      return {
        shopId,
        supportedToday: days[0] === day,
        days: days.length,
        totalDays: shop.supportDays,
        streak: streakOf(days, day),
        today: day,
      };
    },

    /**
     * Once per calendar day (in the configured zone) per shopper and shop: the unique index decides, so
     * concurrent clicks count once. The shop's support days and a streak notification commit with it.
     */
    async support(userId: number, shopId: number): Promise<SupportStatus> {
      const shop = await existingShop(shopId);
      const day = today();
      // The insert skips on the unique (shopper, shop, day) index: a second support returns null.
      const result = await inTransaction(db, async (tx): Promise<SupportStatus | null> => {
        if (!(await community.insertSupport(tx, userId, shopId, day))) return null;
        const totalDays = await community.addSupportDay(tx, shopId);
        const days = await community.supportDays(tx, userId, shopId);
        const streak = streakOf(days, day);
        if ((SUPPORT_STREAK_MILESTONES as readonly number[]).includes(streak)) {
          await notifier.notify(tx, userId, 'supportStreak', { shop: shop.name, days: streak }, `/shop/${shopId}`);
        }
        return { shopId, supportedToday: true, days: days.length, totalDays, streak, today: day };
      });
      if (!result) throw fail(SUPPORT_FAILED_KEY);
      return result;
    },

    async history(userId: number, query: PageQuery): Promise<Page<SupportHistoryEntry>> {
      const { rows, total } = await community.history(userId, offsetOf(query), query.pageSize);
      return pageOf(
        rows.map((row) => ({
          id: row.id,
          shopId: row.shopId,
          shopName: row.shopName,
          logo: shopLogoUrl(row.shopId),
          day: row.day,
          count: Number(row.count),
          days: Number(row.days),
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        query,
      );
    },
  };
};
