import type { RechargeMethod } from '@marketplace/shared/contracts';

/**
 * Where each recharge method is completed. The spec gives on-chain (/walletTopUp) and card
 * (/cardTopUp) their own routes; bank and manual proof are evidence-based requests like
 * on-chain, so they share its form with the method preselected.
 */
export const TOP_UP_METHOD_ROUTES: Record<RechargeMethod, string> = {
  bank: '/walletTopUp?method=bank',
  onChain: '/walletTopUp?method=onChain',
  card: '/cardTopUp',
  manual: '/walletTopUp?method=manual',
};

export const TOP_UP_METHOD_ICONS: Record<RechargeMethod, string> = {
  bank: '🏦',
  onChain: '⛓️',
  card: '💳',
  manual: '🧾',
};
