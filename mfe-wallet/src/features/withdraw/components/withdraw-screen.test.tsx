import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { UserInfo, WithdrawInfo } from '@marketplace/shared/contracts';
import { envelope, fakeFetch, jsonResponse } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import WithdrawScreen from './withdraw-screen';

const user: UserInfo = {
  id: 1,
  account: 'demo',
  familyName: 'Demo',
  givenName: 'Shopper',
  email: '',
  mobile: '',
  balance: 5_000,
  hasPaymentCode: true,
  lang: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const info: WithdrawInfo = {
  balance: 5_000,
  serviceChargeBp: 100,
  minAmount: 100,
  networks: [{ id: 1, name: 'USDT-TRC20' }],
};

const serve = () =>
  fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/user/getUserInfo') return jsonResponse(envelope(user));
    if (path === '/api/user/extract' && request.method === 'GET') return jsonResponse(envelope(info));
    if (path === '/api/user/extract') {
      return jsonResponse(envelope({ record: { id: 9 }, balance: 3_000 }, 1, 'Withdrawal Success'));
    }
    throw new Error(`unexpected ${request.method} ${path}`);
  });

afterEach(() => jest.restoreAllMocks());
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('/withDraw', () => {
  it.each([
    ['', 'Withdrawal amount cannot be less than or equal to 0 or empty'],
    ['0', 'Withdrawal amount cannot be less than or equal to 0 or empty'],
    ['50.01', 'Withdrawal amount cannot be larger than balance'],
  ])('amount "%s" says "%s" and sends nothing', async (amount, message) => {
    const { requests } = serve();
    await renderScreen(<WithdrawScreen />, { path: '/withDraw' });
    await screen.findByText('$50.00');
    if (amount) await setup().type(screen.getByLabelText('Withdrawal amount ($)'), amount);
    await setup().click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the service charge and the actual arrival before confirming, then sends the payment code', async () => {
    const { requests } = serve();
    await renderScreen(<WithdrawScreen />, { path: '/withDraw' });
    const person = setup();
    await screen.findByText('$50.00');
    await person.type(screen.getByLabelText('Withdrawal amount ($)'), '20.50');
    expect(screen.getByText('$0.21')).toBeInTheDocument();
    expect(screen.getByText('$20.29')).toBeInTheDocument();
    await person.type(screen.getByLabelText('Bank card number'), '4111111111111111');
    await person.type(screen.getByLabelText('Bank name'), 'Test Bank');
    await person.click(screen.getByRole('button', { name: 'Withdraw' }));
    await person.type(await screen.findByLabelText('Payment code'), '123456');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal Success')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toMatchObject({
      drawType: 'bank',
      drawAmount: 2_050,
      bankCardNo: '4111111111111111',
      bankName: 'Test Bank',
      paymentCode: '123456',
    });
  });
});
