import type {
  AdminVipLevel,
  VipInfo,
  VipLevelBody,
  VipUpgradeBody,
  VipUpgradeResult,
} from '@marketplace/shared/contracts';
import { inTransaction } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import { hasMessage, type Translate } from '../../lib/messages';
import type { UserRow } from '../user/user.repository';
import type { CommunityDeps } from './community-deps';
import type { VipLevelRow, VipPurchaseRow } from './community.repository';

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

const toAdminVipLevel = (row: VipLevelRow): AdminVipLevel => ({
  level: row.level,
  name: row.name,
  priceCents: row.priceCents,
  benefits: row.benefits,
  enabled: row.enabled,
});

/** VIP levels: what a shopper may buy (paid from the balance with the payment code) and the operators' list. */
export const createVipService = ({
  db,
  community,
  ledger,
  paymentCodes,
}: Pick<CommunityDeps, 'db' | 'community' | 'ledger' | 'paymentCodes'>) => {
  const upgradeResult = async (purchase: VipPurchaseRow): Promise<VipUpgradeResult> => ({
    purchaseId: purchase.id,
    level: purchase.level,
    priceCents: purchase.priceCents,
    balance: await ledger.balance(purchase.userId),
  });

  return {
    /** On every start: inserts only the default levels that are missing, never overwrites an operator's change. */
    async ensureVipLevels(): Promise<void> {
      await community.seedVipLevels(DEFAULT_VIP_LEVELS);
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
      await paymentCodes.verifyPaymentCode(user, body.payPassword);
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
