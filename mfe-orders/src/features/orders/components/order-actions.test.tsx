import { screen, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { OrderAction, OrderSummary, Page } from '@marketplace/shared/contracts';
import { fakeApi, ok, resetBrowser } from '../../../testing/fake-api';
import { renderScreen, signedIn } from '../../../testing/render-screen';
import OrderListScreen from './order-list-screen';

// antd-mobile's dialogs animate in with pointer-events off; jsdom never finishes the animation.
const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const order = (id: number, status: OrderSummary['status'], actions: OrderAction[]): OrderSummary => ({
  id,
  orderNo: `M${id}`,
  status,
  shopName: 'Sunrise Outdoor',
  productTitle: 'Trail tent',
  productImage: null,
  quantity: 1,
  itemCount: 1,
  total: 4_500,
  actions,
  createdAt: '2026-03-01T10:00:00.000Z',
});

const listOf = (orders: OrderSummary[]) =>
  ok<Page<OrderSummary>>({ list: orders, total: orders.length, page: 1, pageSize: 10 });

const card = (orderNo: string) => screen.findByRole('article', { name: `Order No. ${orderNo}` });

/** Checks the confirmation dialog asks `question`, and says yes. */
const answerYes = async (question: string) => {
  const dialog = await screen.findByRole('dialog', { name: question });
  expect(dialog).toHaveTextContent(question);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
};

describe('order actions on the order list', () => {
  beforeEach(resetBrowser);

  it('offers exactly the actions the server allows, and a link to the details', async () => {
    fakeApi({
      'GET /api/user/order_list': listOf([order(1, 0, ['pay', 'cancel']), order(2, 2, ['confirm', 'refund'])]),
    });
    await renderScreen(<OrderListScreen />, { path: '/order', session: signedIn() });

    const waiting = await card('M1');
    expect(
      within(waiting)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel order', 'Pay']);
    expect(within(waiting).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/orderInfo/1');
    const delivered = await card('M2');
    expect(
      within(delivered)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Refund', 'Confirm receipt']);
  });

  it('cancels after "Whether to Cancel Order?" and reloads the list', async () => {
    let orders = [order(1, 0, ['pay', 'cancel'])];
    const { sentTo } = fakeApi({
      'GET /api/user/order_list': () => listOf(orders),
      'POST /api/order/cancel': () => {
        orders = [order(1, -1, [])];
        return ok(null, 'Cancel Success');
      },
    });
    await renderScreen(<OrderListScreen />, { path: '/order', session: signedIn() });
    await userEvent.click(within(await card('M1')).getByRole('button', { name: 'Cancel order' }));

    await answerYes('Whether to Cancel Order?');

    expect(await screen.findByText('Cancel Success')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/cancel')[0]?.body).toEqual({ id: 1 });
    expect(await within(await card('M1')).findByText('Cancelled')).toBeInTheDocument();
  });

  it('does nothing when the cancel confirmation is declined', async () => {
    const { sentTo } = fakeApi({ 'GET /api/user/order_list': listOf([order(1, 0, ['pay', 'cancel'])]) });
    await renderScreen(<OrderListScreen />, { path: '/order', session: signedIn() });
    await userEvent.click(within(await card('M1')).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sentTo('POST', '/api/order/cancel')).toHaveLength(0);
  });

  it('confirms receipt after "Is Confirm Received?"', async () => {
    const { sentTo } = fakeApi({
      'GET /api/user/order_list': listOf([order(2, 2, ['confirm', 'refund'])]),
      'POST /api/order/confirm': ok(null, 'Confirm Success'),
    });
    await renderScreen(<OrderListScreen />, {
      path: '/myPurchases/2',
      route: '/myPurchases/:status?',
      session: signedIn(),
    });
    await userEvent.click(within(await card('M2')).getByRole('button', { name: 'Confirm receipt' }));

    await answerYes('Is Confirm Received?');

    expect(await screen.findByText('Confirm Success')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/confirm')[0]?.body).toEqual({ id: 2 });
  });

  it('opens the refund form and the review form of the order', async () => {
    fakeApi({ 'GET /api/user/order_list': listOf([order(3, 3, ['refund', 'comment'])]) });
    await renderScreen(<OrderListScreen />, { path: '/order', session: signedIn() });
    await userEvent.click(within(await card('M3')).getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/comment?order=3');
  });

  it('links Refund to /refund/:id/:sn', async () => {
    fakeApi({ 'GET /api/user/order_list': listOf([order(3, 3, ['refund', 'comment'])]) });
    await renderScreen(<OrderListScreen />, { path: '/order', session: signedIn() });
    await userEvent.click(within(await card('M3')).getByRole('button', { name: 'Refund' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/refund/3/M3');
  });

  it('pays a waiting order with the payment code and opens its payment result', async () => {
    let orders = [order(1, 0, ['pay', 'cancel'])];
    const { sentTo } = fakeApi({
      'GET /api/user/order_list': () => listOf(orders),
      'POST /api/order/pay': () => {
        orders = [order(1, 1, ['refund'])];
        return ok({ orders: [], total: 4_500, balance: 1_000 }, 'Pay Success');
      },
    });
    await renderScreen(<OrderListScreen />, { path: '/order', session: signedIn() });
    await userEvent.click(within(await card('M1')).getByRole('button', { name: 'Pay' }));
    const popup = await screen.findByRole('form', { name: 'Pay with balance' });
    await userEvent.type(within(popup).getByLabelText('Payment code'), '123456');
    await userEvent.click(within(popup).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Pay Success')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/pay')[0]?.body).toEqual({ orderIds: [1], paymentCode: '123456' });
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/payResult/1');
  });
});
