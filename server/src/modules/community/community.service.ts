import {
  SUPPORT_FAILED_KEY,
  SUPPORT_STREAK_MILESTONES,
  type AdminComplaint,
  type AdminVipLevel,
  type Complaint,
  type ComplaintBody,
  type ComplaintListQuery,
  type ComplaintState,
  type MerchantApplication,
  type MerchantApplyBody,
  type MerchantApplyResult,
  type Page,
  type PageQuery,
  type SupportHistoryEntry,
  type SupportRecord,
  type SupportStatus,
  type VipInfo,
  type VipLevelBody,
  type VipUpgradeBody,
  type VipUpgradeResult,
} from '@marketplace/shared/contracts';
import type { CommunityConfig } from '../../config/config';
import type { Db } from '../../db/client';
import { fail } from '../../lib/app-error';
import { offsetOf, pageOf } from '../../lib/paging';
import { hasMessage, type Translate } from '../../lib/messages';
import { shopLogoUrl } from '../images/images.service';
import type { LedgerRepository } from '../ledger/ledger.repository';
import { inTransaction } from '../ledger/transaction';
import type { Notifier } from '../support/notifier';
import type { UserRow } from '../user/user.repository';
import type { UserService } from '../user/user.service';
import type { ComplaintRow, CommunityRepository, VipLevelRow, VipPurchaseRow } from './community.repository';
import { streakOf, supportDayOf } from './support-day';

/** The levels a fresh database starts with; operators change them (`vip-level-set`). */
export const DEFAULT_VIP_LEVELS: VipLevelRow[] = [
  {
    level: 1,
    name: 'VIP 1',
    priceCents: 5_000,
    benefits: ['vip.benefit.badge', 'vip.benefit.feeDiscount5'],
    enabled: true,
  },
  {
    level: 2,
    name: 'VIP 2',
    priceCents: 20_000,
    benefits: ['vip.benefit.badge', 'vip.benefit.feeDiscount10', 'vip.benefit.priorityReview'],
    enabled: true,
  },
  {
    level: 3,
    name: 'VIP 3',
    priceCents: 50_000,
    benefits: [
      'vip.benefit.badge',
      'vip.benefit.feeDiscount20',
      'vip.benefit.priorityReview',
      'vip.benefit.visibility',
      'vip.benefit.dedicatedService',
    ],
    enabled: true,
  },
];

interface Deps {
  db: Db;
  community: CommunityRepository;
  ledger: LedgerRepository;
  users: Pick<UserService, 'verifyPaymentCode'>;
  notifier: Notifier;
  config: CommunityConfig;
  now: () => Date;
}

const toComplaint = (row: ComplaintRow): Complaint => ({
  id: row.id,
  shopId: row.shopId,
  shopName: row.shopName,
  content: row.content,
  state: row.state as ComplaintState,
  createdAt: row.createdAt.toISOString(),
});

const toAdminVipLevel = (row: VipLevelRow): AdminVipLevel => ({
  level: row.level,
  name: row.name,
  priceCents: row.priceCents,
  benefits: row.benefits,
  enabled: row.enabled,
});

/** The streak that reaches a milestone writes one notification; longer streaks wait for the next one. */

export const createCommunityService = ({ db, community, ledger, users, notifier, config, now }: Deps) => {
  const today = () => supportDayOf(now(), config.supportTimeZone);

  const existingShop = async (shopId: number) => {
    const shop = await community.findShop(db, shopId);
    if (!shop) throw fail('err.catalogue.shopNotFound');
    return shop;
  };

  const upgradeResult = async (purchase: VipPurchaseRow): Promise<VipUpgradeResult> => ({
    purchaseId: purchase.id,
    level: purchase.level,
    priceCents: purchase.priceCents,
    balance: (await ledger.balance(purchase.userId)) ?? 0,
  });

  return {
    /** On every start: inserts only the default levels that are missing, never overwrites an operator's change. */
    async ensureVipLevels(): Promise<void> {
      await community.seedVipLevels(DEFAULT_VIP_LEVELS);
    },

    sellerPlatformUrl: () => config.sellerPlatformUrl,

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

    async complain(userId: number, body: ComplaintBody): Promise<Complaint> {
      if (body.shopId !== undefined) await existingShop(body.shopId);
      const row = await community.insertComplaint({
        userId,
        shopId: body.shopId ?? null,
        shopName: body.shopName,
        content: body.content,
      });
      return toComplaint(row);
    },

    async listComplaints(query: ComplaintListQuery): Promise<Page<AdminComplaint>> {
      const { rows, total } = await community.listComplaints(query.state, offsetOf(query), query.pageSize);
      return pageOf(
        rows.map((row) => ({ ...toComplaint(row.complaint), userId: row.complaint.userId, account: row.account })),
        total,
        query,
      );
    },

    async handleComplaint(id: number): Promise<AdminComplaint> {
      await inTransaction(db, async (tx) => {
        const handled = await community.handleComplaint(tx, id);
        if (handled) {
          await community.audit(tx, {
            action: 'complaint.handle',
            targetType: 'complaint',
            targetId: String(id),
            detail: '',
          });
          await notifier.notify(tx, handled.userId, 'complaintHandled', { shop: handled.shopName });
        }
      });
      const row = await community.findComplaint(id);
      if (!row) throw fail('err.community.complaintNotFound');
      return { ...toComplaint(row.complaint), userId: row.complaint.userId, account: row.account };
    },

    async apply(userId: number, body: MerchantApplyBody): Promise<MerchantApplyResult> {
      const row = await community.insertApplication({
        userId,
        shopName: body.shopName,
        contact: body.contact,
        note: body.note ?? '',
      });
      return { id: row.id, url: config.sellerPlatformUrl };
    },

    async listApplications(query: PageQuery): Promise<Page<MerchantApplication>> {
      const { rows, total } = await community.listApplications(offsetOf(query), query.pageSize);
      return pageOf(
        rows.map(({ application, account }) => ({
          id: application.id,
          userId: application.userId,
          account,
          shopName: application.shopName,
          contact: application.contact,
          note: application.note,
          createdAt: application.createdAt.toISOString(),
        })),
        total,
        query,
      );
    },

    async vip(user: UserRow, t: Translate): Promise<VipInfo> {
      const levels = await community.vipLevels(true);
      return {
        current: user.vipLevel,
        levels: levels.map((row) => ({
          level: row.level,
          name: row.name,
          priceCents: row.priceCents,
          // Keys of the catalogue are rendered in the reader's language; texts an operator typed stay as typed.
          benefits: row.benefits.map((benefit) => (hasMessage(benefit) ? t(benefit) : benefit)),
          owned: row.level <= user.vipLevel,
        })),
      };
    },

    /**
     * Pays the level's price from the balance: payment code checked like paying an order (shared counter
     * and lock), then the purchase, the `vip` ledger entry and the user's level in one transaction. The
     * unique (user, level) and (user, requestId) indexes make repeats and races pay once.
     */
    async upgrade(user: UserRow, body: VipUpgradeBody): Promise<VipUpgradeResult> {
      const earlier = await community.findPurchaseByRequest(user.id, body.requestId);
      if (earlier) return upgradeResult(earlier);
      const level = (await community.vipLevels(true)).find((row) => row.level === body.level);
      if (!level) throw fail('err.community.vipLevelNotFound');
      if (level.level <= user.vipLevel) throw fail('err.community.vipNotHigher');
      if (level.priceCents > user.balance) throw fail('err.community.vipInsufficientBalance');
      await users.verifyPaymentCode(user, body.payPassword);
      const purchase = await inTransaction(db, async (tx) => {
        const created = await community.insertPurchase(tx, {
          userId: user.id,
          level: level.level,
          priceCents: level.priceCents,
          requestId: body.requestId,
        });
        if (!created) return undefined;
        if (!(await community.raiseVipLevel(tx, user.id, level.level))) throw fail('err.community.vipNotHigher');
        const balance = await ledger.post(tx, user.id, [
          { amount: -level.priceCents, kind: 'vip', reference: `vip:${created.id}`, note: level.name },
        ]);
        if (balance === null) throw fail('err.community.vipInsufficientBalance');
        return { purchaseId: created.id, level: created.level, priceCents: created.priceCents, balance };
      });
      if (purchase) return purchase;
      // Another request won the race: the same request id answers its result, anything else was a second buy.
      const raced = await community.findPurchaseByRequest(user.id, body.requestId);
      if (raced) return upgradeResult(raced);
      throw fail('err.community.vipNotHigher');
    },

    async adminVipLevels(): Promise<AdminVipLevel[]> {
      return (await community.vipLevels(false)).map(toAdminVipLevel);
    },

    async saveVipLevel(body: VipLevelBody): Promise<AdminVipLevel> {
      const existing = (await community.vipLevels(false)).find((row) => row.level === body.level);
      const values = {
        level: body.level,
        name: body.name,
        priceCents: body.priceCents,
        benefits: body.benefits ?? existing?.benefits ?? [],
        enabled: body.enabled ?? existing?.enabled ?? true,
      };
      const row = await inTransaction(db, async (tx) => {
        const saved = await community.saveVipLevel(tx, values);
        await community.audit(tx, {
          action: existing ? 'vipLevel.update' : 'vipLevel.add',
          targetType: 'vipLevel',
          targetId: String(body.level),
          detail: JSON.stringify(values),
        });
        return saved;
      });
      return toAdminVipLevel(row);
    },
  };
};

export type CommunityService = ReturnType<typeof createCommunityService>;
