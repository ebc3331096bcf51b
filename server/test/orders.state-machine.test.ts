import { OrderStatus } from '@marketplace/shared/contracts';
import {
  ALL_ORDER_STATUSES,
  ORDER_STATE_MACHINE,
  ORDER_TRANSITIONS,
  shopperActions,
  transition,
  type Actor,
  type OrderTransition,
} from '../src/modules/orders/order-state-machine';

const S = OrderStatus;

/** The table the README documents, written out independently of the implementation. */
const ALLOWED: [OrderTransition, Actor, OrderStatus, OrderStatus | 'previous'][] = [
  ['pay', 'shopper', S.WAITING_PAY, S.WAITING_DELIVERY],
  ['cancel', 'shopper', S.WAITING_PAY, S.CANCELLED],
  ['ship', 'operator', S.WAITING_DELIVERY, S.DELIVERED],
  ['deliver', 'operator', S.DELIVERED, S.DELIVERED],
  ['confirm', 'shopper', S.DELIVERED, S.RECEIVED],
  ['comment', 'shopper', S.RECEIVED, S.COMPLETED],
  ['requestRefund', 'shopper', S.WAITING_DELIVERY, S.REFUND_IN_PROGRESS],
  ['requestRefund', 'shopper', S.DELIVERED, S.REFUND_IN_PROGRESS],
  ['requestRefund', 'shopper', S.RECEIVED, S.IN_AFTER_SALE],
  ['requestRefund', 'shopper', S.COMPLETED, S.IN_AFTER_SALE],
  ['agreeRefund', 'operator', S.REFUND_IN_PROGRESS, S.REFUNDED],
  ['agreeRefund', 'operator', S.IN_AFTER_SALE, S.REFUNDED],
  ['refuseRefund', 'operator', S.REFUND_IN_PROGRESS, 'previous'],
  ['refuseRefund', 'operator', S.IN_AFTER_SALE, 'previous'],
];

const allowed = new Set(ALLOWED.map(([name, , from]) => `${name}:${from}`));
const FORBIDDEN = ORDER_TRANSITIONS.flatMap((name) =>
  ALL_ORDER_STATUSES.filter((from) => !allowed.has(`${name}:${from}`)).map((from) => [name, from] as const),
);

describe('order state machine', () => {
  it('has exactly the documented transitions', () => {
    const table = ORDER_TRANSITIONS.flatMap((name) =>
      [...ORDER_STATE_MACHINE[name].moves].map(([from, to]) => [name, ORDER_STATE_MACHINE[name].by, from, to]),
    );
    expect(table).toEqual(ALLOWED);
  });

  it.each(ALLOWED)('allows %s by the %s from %i to %s', (name, by, from, to) => {
    expect(transition(name, from, by, S.RECEIVED)).toBe(to === 'previous' ? S.RECEIVED : to);
  });

  it.each(ALLOWED)('refuses %s when the other role (not the %s) asks, from %i', (name, by, from) => {
    const other: Actor = by === 'shopper' ? 'operator' : 'shopper';
    expect(() => transition(name, from, other, S.RECEIVED)).toThrow(`err.order.cannot.${name}`);
  });

  it.each(FORBIDDEN)('refuses %s from status %i with a clear message', (name, from) => {
    const by = ORDER_STATE_MACHINE[name].by;
    expect(() => transition(name, from, by, S.RECEIVED)).toThrow(
      expect.objectContaining({ msgKey: `err.order.cannot.${name}`, data: { status: from, transition: name } }),
    );
  });

  it('refuses to restore a status that was never saved', () => {
    expect(() => transition('refuseRefund', S.REFUND_IN_PROGRESS, 'operator', null)).toThrow(
      'err.order.cannot.refuseRefund',
    );
  });

  it('offers the shopper only the actions the machine allows, one refund and one review', () => {
    expect(shopperActions(S.WAITING_PAY, { refund: false, comment: false })).toEqual(['pay', 'cancel']);
    expect(shopperActions(S.WAITING_DELIVERY, { refund: false, comment: false })).toEqual(['refund']);
    expect(shopperActions(S.WAITING_DELIVERY, { refund: true, comment: false })).toEqual([]);
    expect(shopperActions(S.DELIVERED, { refund: false, comment: false })).toEqual(['confirm', 'refund']);
    expect(shopperActions(S.RECEIVED, { refund: false, comment: false })).toEqual(['comment', 'refund']);
    expect(shopperActions(S.CANCELLED, { refund: false, comment: false })).toEqual([]);
    expect(shopperActions(S.REFUNDED, { refund: true, comment: false })).toEqual([]);
  });
});
