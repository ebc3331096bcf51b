import { OrderStatus, type OrderAction } from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';

/**
 * THE order state machine: every status change in the code goes through `transition()` and every
 * conditional UPDATE uses `fromStatuses()`, so this table is the whole truth (README "Order states").
 *
 *   0 waiting pay ──pay──▶ 1 waiting delivery ──ship──▶ 2 delivered ──confirm──▶ 3 received ──comment──▶ 4 completed
 *   0 ──cancel──▶ -1 cancelled (stock released)
 *   1, 2 ──requestRefund──▶ -3 refund in progress;  3, 4 ──requestRefund──▶ -4 in after-sale
 *   -3, -4 ──agreeRefund──▶ -2 refunded (money back through the ledger)
 *   -3, -4 ──refuseRefund──▶ the status before the request
 *   2 ──deliver──▶ 2 (the operator records the parcel's arrival in the logistics timeline)
 */
export type OrderTransition =
  'pay' | 'cancel' | 'ship' | 'deliver' | 'confirm' | 'comment' | 'requestRefund' | 'agreeRefund' | 'refuseRefund';

export type Actor = 'shopper' | 'operator';

interface Rule {
  by: Actor;
  /** Allowed source status → target status; `previous` = the status saved before the refund request. */
  moves: ReadonlyMap<OrderStatus, OrderStatus | 'previous'>;
}

const S = OrderStatus;
const rule = (by: Actor, moves: [OrderStatus, OrderStatus | 'previous'][]): Rule => ({ by, moves: new Map(moves) });

export const ORDER_STATE_MACHINE: Readonly<Record<OrderTransition, Rule>> = {
  pay: rule('shopper', [[S.WAITING_PAY, S.WAITING_DELIVERY]]),
  cancel: rule('shopper', [[S.WAITING_PAY, S.CANCELLED]]),
  ship: rule('operator', [[S.WAITING_DELIVERY, S.DELIVERED]]),
  deliver: rule('operator', [[S.DELIVERED, S.DELIVERED]]),
  confirm: rule('shopper', [[S.DELIVERED, S.RECEIVED]]),
  comment: rule('shopper', [[S.RECEIVED, S.COMPLETED]]),
  requestRefund: rule('shopper', [
    [S.WAITING_DELIVERY, S.REFUND_IN_PROGRESS],
    [S.DELIVERED, S.REFUND_IN_PROGRESS],
    [S.RECEIVED, S.IN_AFTER_SALE],
    [S.COMPLETED, S.IN_AFTER_SALE],
  ]),
  agreeRefund: rule('operator', [
    [S.REFUND_IN_PROGRESS, S.REFUNDED],
    [S.IN_AFTER_SALE, S.REFUNDED],
  ]),
  refuseRefund: rule('operator', [
    [S.REFUND_IN_PROGRESS, 'previous'],
    [S.IN_AFTER_SALE, 'previous'],
  ]),
};

export const ORDER_TRANSITIONS = Object.keys(ORDER_STATE_MACHINE) as OrderTransition[];
export const ALL_ORDER_STATUSES = Object.values(OrderStatus);

export const fromStatuses = (name: OrderTransition): OrderStatus[] => [...ORDER_STATE_MACHINE[name].moves.keys()];

const canTransition = (name: OrderTransition, from: OrderStatus, by: Actor): boolean =>
  ORDER_STATE_MACHINE[name].by === by && ORDER_STATE_MACHINE[name].moves.has(from);

/** The refusal every forbidden transition gets, e.g. "This order cannot be paid in its current status". */
export const transitionRefused = (name: OrderTransition, from: number) =>
  fail(`err.order.cannot.${name}`, undefined, { status: from, transition: name });

/** Target status of an allowed transition; throws the translated refusal otherwise. */
export const transition = (
  name: OrderTransition,
  from: OrderStatus,
  by: Actor,
  previous: OrderStatus | null = null,
): OrderStatus => {
  const to = canTransition(name, from, by) ? ORDER_STATE_MACHINE[name].moves.get(from) : undefined;
  if (to === undefined || (to === 'previous' && previous === null)) throw transitionRefused(name, from);
  return to === 'previous' ? previous! : to;
};

const SHOPPER_ACTION: Partial<Record<OrderTransition, OrderAction>> = {
  pay: 'pay',
  cancel: 'cancel',
  confirm: 'confirm',
  requestRefund: 'refund',
  comment: 'comment',
};

/** Buttons for the shopper: allowed transitions, minus a second refund request or review. */
export const shopperActions = (status: OrderStatus, done: { refund: boolean; comment: boolean }): OrderAction[] =>
  ORDER_TRANSITIONS.filter((name) => canTransition(name, status, 'shopper'))
    .map((name) => SHOPPER_ACTION[name])
    .filter((action): action is OrderAction => action !== undefined)
    .filter((action) => !(action === 'refund' && done.refund) && !(action === 'comment' && done.comment));
