import { links } from '@marketplace/shared';

/**
 * Where a ledger entry's reference (`order:7`, `recharge:2`, `withdrawal:3`, `vip:1`, as the server writes
 * it) leads, and how the link reads: shoppers see "Order 2026…" that opens the order, not the reference.
 * Top-ups and withdrawals have no screen of their own, so their links open their record lists.
 */
interface ReferenceLink {
  to: string;
  /** wallet namespace key, read with `{ no }` = the entry's note (order number, record number, VIP level). */
  labelKey: 'fund.links.order' | 'records.rechargeNo' | 'records.withdrawalNo' | 'fund.links.vip';
}

export const referenceLink = (reference: string | null): ReferenceLink | null => {
  const match = /^(order|recharge|withdrawal|vip):(\d+)$/.exec(reference ?? '');
  if (!match) return null;
  const [, kind, id] = match;
  switch (kind) {
    case 'order':
      return { to: links.order(String(id)), labelKey: 'fund.links.order' };
    case 'recharge':
      return { to: '/topUpRecord', labelKey: 'records.rechargeNo' };
    case 'withdrawal':
      return { to: '/depositRecord', labelKey: 'records.withdrawalNo' };
    default:
      return { to: links.vip(), labelKey: 'fund.links.vip' };
  }
};
