import type { ComponentType, SVGProps } from 'react';
import { BankcardOutline, LinkOutline, SendOutline, UploadOutline } from 'antd-mobile-icons';
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

/**
 * SVG icons, drawn the same on every platform (emoji were not, and showed boxes without an emoji font); none
 * shows a currency sign (the set's payment icons draw ¥, and the wallet is in dollars): a transfer is sent,
 * manual proof is uploaded.
 */
export const TOP_UP_METHOD_ICONS: Record<RechargeMethod, ComponentType<SVGProps<SVGSVGElement>>> = {
  bank: SendOutline,
  onChain: LinkOutline,
  card: BankcardOutline,
  manual: UploadOutline,
};
