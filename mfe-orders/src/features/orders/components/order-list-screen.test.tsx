import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@marketplace/shared/contracts';
import { fakeApi, ok, resetBrowser } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render-screen';
import OrderListScreen from './order-list-screen';

const order = (id: number, status: OrderSummary['status']): OrderSummary => ({
  id,
  orderNo: `M2026${id}`,
  status,
  shopName: 'Sunrise Outdoor',
  productTitle: 'Trail tent',
  productImage: null,
  quantity: 2,
  itemCount: 1,
  total: 12_999,
  actions: [],
  createdAt: '2026-03-01T10:00:00.000Z',
});

/** A fake order_list: answers with the orders of the asked status, one page; returns the queries it was asked. */
const serveOrders = (orders: OrderSummary[]) => {
  const { sentTo } = fakeApi({
    'GET /api/user/order_list': (_body, search) => {
      const status = search.get('status');
      const list = orders.filter((o) => status === 'all' || String(o.status) === status);
      return ok({ list, total: list.length, page: 1, pageSize: 10 });
    },
  });
  return () => sentTo('GET', '/api/user/order_list').map((call) => call.search);
};

beforeEach(resetBrowser);

describe('My purchases', () => {
  it('shows the ten status tabs of requirements §7.1 and opens the one in the URL', async () => {
    serveOrders([order(1, 0), order(2, 4)]);
    await renderScreen(<OrderListScreen />, { path: '/myPurchases/4', route: '/myPurchases/:status?' });

    // The screen shows once its tabs' code (loaded with the first screen that has tabs) is there.
    expect(await screen.findByRole('heading', { name: 'My purchases', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'To pay',
      'To ship',
      'Delivered',
      'Received',
      'Completed',
      'Cancelled',
      'Refund in progress',
      'Refunded',
      'In after-sale',
    ]);
    expect(screen.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
    // The tab list is named, and the orders are the panel of the selected tab.
    expect(screen.getByRole('tablist', { name: 'Order status' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Completed' });
    expect(screen.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-controls', panel.id);
    expect(await within(panel).findByRole('article', { name: 'Order No. M20262' })).toHaveTextContent('$129.99');
    expect(screen.queryByRole('article', { name: 'Order No. M20261' })).not.toBeInTheDocument();
  });

  it('calls an order of the Delivered tab "Shipped" with its carrier and tracking number until delivery is recorded', async () => {
    const shipped = { ...order(1, 2), carrier: 'DHL', trackingNo: 'JD0142' };
    const delivered = { ...order(2, 2), carrier: 'UPS', trackingNo: '1Z99', deliveredAt: '2026-03-04T09:00:00.000Z' };
    serveOrders([shipped, delivered]);
    await renderScreen(<OrderListScreen />, { path: '/myPurchases/2', route: '/myPurchases/:status?' });

    expect(screen.getByRole('tab', { name: 'Delivered' })).toHaveAttribute('aria-selected', 'true');
    const onItsWay = await screen.findByRole('article', { name: 'Order No. M20261' });
    expect(onItsWay).toHaveTextContent('Shipped');
    expect(onItsWay).not.toHaveTextContent('Delivered');
    expect(onItsWay).toHaveTextContent('DHL, tracking number JD0142');
    const arrived = screen.getByRole('article', { name: 'Order No. M20262' });
    expect(arrived).toHaveTextContent('Delivered');
    expect(arrived).toHaveTextContent('UPS, tracking number 1Z99');
  });

  it('asks order_list for the tab status, page and page size', async () => {
    const asked = serveOrders([order(1, -3)]);
    await renderScreen(<OrderListScreen />, { path: '/myPurchases/-3', route: '/myPurchases/:status?' });

    await screen.findByRole('article', { name: 'Order No. M20261' });
    expect(Object.fromEntries(asked()[0] ?? [])).toEqual({ status: '-3', page: '1', pageSize: '10' });
  });

  it('shows all orders on /order and at an unknown status', async () => {
    const asked = serveOrders([order(1, 0), order(2, 1)]);
    await renderScreen(<OrderListScreen />, { path: '/myPurchases/9', route: '/myPurchases/:status?' });

    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(asked()[0]?.get('status')).toBe('all');
  });

  it('is headed "My orders" on /order, as its page title', async () => {
    serveOrders([]);
    await renderScreen(<OrderListScreen />, { path: '/order', route: '/order' });
    expect(await screen.findByRole('heading', { name: 'My orders', level: 1 })).toBeInTheDocument();
  });

  it('changing tab moves the URL to that status', async () => {
    serveOrders([]);
    await renderScreen(<OrderListScreen />, { path: '/order', route: '/order' });
    await screen.findByText('No orders here yet');

    await userEvent.click(screen.getByRole('tab', { name: 'To ship' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/myPurchases/1');
  });
});
