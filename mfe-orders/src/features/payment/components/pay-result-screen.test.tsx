import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoUser } from '@marketplace/shared/testing';
import { fakeApi, ok, resetBrowser, fail } from '../../../testing/fake-api';
import { orderDetail } from '../../../testing/order-detail';
import { renderScreen, signedIn } from '../../../testing/render-screen';
import PayResultScreen from './pay-result-screen';

const open = (ids: string) =>
  renderScreen(<PayResultScreen />, { path: `/payResult/${ids}`, route: '/payResult/:ids?', session: signedIn() });

describe('/payResult/:ids', () => {
  beforeEach(resetBrowser);

  it('says "Pay Success" with the order, its amount, the balance left and what comes next', async () => {
    fakeApi({
      'GET /api/order/detail': ok(orderDetail({ status: 1, orderNo: 'M77', total: 4_500 })),
      'GET /api/user/getUserInfo': ok({ ...demoUser, balance: 95_500 }),
    });
    await open('9');
    expect(await screen.findByRole('heading', { name: 'Pay Success' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Payment summary' });
    expect(await within(summary).findByText('Order No. M77')).toBeInTheDocument();
    expect(summary).toHaveTextContent('$45.00');
    expect(await within(summary).findByText('$955.00')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Balance left');
    expect(screen.getByText(/ships your order next/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View order' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/orderInfo/9');
  });

  it('offers to keep shopping', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail({ status: 1 })) });
    await open('9');
    await userEvent.click(await screen.findByRole('button', { name: 'Keep shopping' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/home');
  });

  it('says "Pay Fail" for an order still waiting for payment, or none', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail({ status: 0 })) });
    await open('9');
    expect(await screen.findByRole('heading', { name: 'Pay Fail' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment summary' })).not.toBeInTheDocument();
  });

  it('says "Pay Fail" when the order cannot be read', async () => {
    fakeApi({ 'GET /api/order/detail': fail('The order does not exist') });
    await open('12');
    expect(await screen.findByRole('heading', { name: 'Pay Fail' })).toBeInTheDocument();
  });
});
