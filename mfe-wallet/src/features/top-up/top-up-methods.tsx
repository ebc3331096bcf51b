import type { ComponentType, SVGProps } from 'react';
import { BankcardOutline, LinkOutline, ReceiptOutline, ReceivePaymentOutline } from 'antd-mobile-icons';
import type { RechargeMethod } from '@marketplace/shared/contracts';

/**
 * Where each recharge method is completed. Requirements §2.1 gives on-chain (/walletTopUp) and card
 * (/cardTopUp) their own routes; bank and manual proof are evidence-based requests like
 * on-chain, so they share its form with the method preselected.
 */
export const TOP_UP_METHOD_ROUTES: Record<RechargeMethod, string> = {
  bank: '/walletTopUp?method=bank',
  onChain: '/walletTopUp?method=onChain',
  card: '/cardTopUp',
  manual: '/walletTopUp?method=manual',
};

/** SVG icons, drawn the same on every platform (emoji were not, and showed boxes without an emoji font). */
export const TOP_UP_METHOD_ICONS: Record<RechargeMethod, ComponentType<SVGProps<SVGSVGElement>>> = {
  bank: ReceivePaymentOutline,
  onChain: LinkOutline,
  card: BankcardOutline,
  manual: ReceiptOutline,
};
