import type { OrderDetail } from '@marketplace/shared/contracts/core';

interface TimelineStep {
  key: string;
  /** Already translated. */
  title: string;
  at: string;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The order's timeline, newest first: the server's logistics events with the refund request and its
 * decision among them (the refund lives in its own record, with its own times).
 */
export const orderTimeline = (order: Pick<OrderDetail, 'logistics' | 'refund'>, t: Translate): TimelineStep[] => {
  const steps: TimelineStep[] = order.logistics.map((event) => ({
    key: `${event.kind}-${event.createdAt}`,
    title: event.text,
    at: event.createdAt,
  }));
  const { refund } = order;
  if (refund) {
    steps.push({ key: 'refund-requested', title: t('timeline.refundRequested'), at: refund.createdAt });
    if (refund.decidedAt && refund.state !== 'pending') {
      // i18n-keys: timeline.refund.agreed, timeline.refund.refused
      steps.push({ key: 'refund-decided', title: t(`timeline.refund.${refund.state}`), at: refund.decidedAt });
    }
  }
  return steps.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
};
