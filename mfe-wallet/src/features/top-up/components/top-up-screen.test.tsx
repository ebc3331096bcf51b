import { screen } from '@testing-library/react';
import type { UserInfo } from '@marketplace/shared/contracts';
import { renderScreen } from '../../../testing/render-screen';
import { WALLET_VERSION } from '../build-version';
import TopUpScreen from './top-up-screen';

const demo: UserInfo = {
  id: 1,
  account: 'demo',
  familyName: 'Demo',
  givenName: 'Shopper',
  email: 'demo@example.com',
  mobile: '',
  balance: 100_000,
  hasPaymentCode: true,
  lang: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => jest.restoreAllMocks());

describe('Recharge entry', () => {
  it('shows the balance from the user info', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 1, msg: '', data: demo }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await renderScreen(<TopUpScreen />, { path: '/topUp' });

    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    expect(new Request(fetchMock.mock.calls[0]![0], fetchMock.mock.calls[0]![1]).url).toMatch(
      /\/api\/user\/getUserInfo$/,
    );
  });

  it('lists the four top-up methods, each leading to its form', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 1, msg: '', data: demo }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await renderScreen(<TopUpScreen />, { path: '/topUp' });

    expect(screen.getByRole('link', { name: 'Bank transfer' })).toHaveAttribute('href', '/walletTopUp?method=bank');
    expect(screen.getByRole('link', { name: 'On-chain deposit' })).toHaveAttribute(
      'href',
      '/walletTopUp?method=onChain',
    );
    expect(screen.getByRole('link', { name: 'Card' })).toHaveAttribute('href', '/cardTopUp');
    expect(screen.getByRole('link', { name: 'Manual top-up with proof' })).toHaveAttribute(
      'href',
      '/walletTopUp?method=manual',
    );
    expect(screen.getByRole('link', { name: 'Top-up records' })).toHaveAttribute('href', '/topUpRecord');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withDraw');
    expect(screen.getByRole('link', { name: 'Fund records' })).toHaveAttribute('href', '/capitalRecord');
    expect(screen.getByRole('link', { name: 'Payment methods' })).toHaveAttribute('href', '/payment');
  });

  it('shows the build version in its footer, so two deployed versions look different', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 1, msg: '', data: demo }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await renderScreen(<TopUpScreen />, { path: '/topUp' });

    expect(screen.getByText(`Wallet version ${WALLET_VERSION}`)).toBeInTheDocument();
  });
});
