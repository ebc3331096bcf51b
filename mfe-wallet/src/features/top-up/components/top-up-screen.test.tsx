import { screen } from '@testing-library/react';
import type { UserInfo } from '@marketplace/shared/contracts';
import { demoUser, fakeApi, ok } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { WALLET_VERSION } from '../build-version';
import { BankcardOutline, LinkOutline, SendOutline, UploadOutline } from 'antd-mobile-icons';
import { readFileSync } from 'node:fs';
import { TOP_UP_METHOD_ICONS } from '../top-up-methods';
import TopUpScreen from './top-up-screen';

const demo: UserInfo = { ...demoUser, familyName: 'Demo', givenName: 'Shopper', mobile: '' };

const serve = (cardSandbox: boolean) =>
  fakeApi({
    'GET /api/user/getUserInfo': ok(demo),
    'GET /api/user/getBlockchain': ok({ channels: [], cardSandbox }),
  });

afterEach(() => jest.restoreAllMocks());

describe('Recharge entry', () => {
  it('shows the balance from the user info, with a named loading placeholder before it', async () => {
    const { calls } = serve(false);
    await renderScreen(<TopUpScreen />, { path: '/topUp' });
    expect(screen.getByRole('status', { name: 'Loading balance' })).toBeInTheDocument();
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/user/getUserInfo');
  });

  it('lists the four top-up methods with SVG icons (no emoji), each leading to its form', async () => {
    serve(false);
    const { container } = await renderScreen(<TopUpScreen />, { path: '/topUp' });

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
    expect(container.querySelectorAll('svg[aria-hidden="true"]').length).toBeGreaterThanOrEqual(4);
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(screen.getByRole('link', { name: 'Top-up records' })).toHaveAttribute('href', '/topUpRecord');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withDraw');
    expect(screen.getByRole('link', { name: 'Fund records' })).toHaveAttribute('href', '/capitalRecord');
    expect(screen.getByRole('link', { name: 'Payment methods' })).toHaveAttribute('href', '/payment');
  });

  it('is titled with the menu\'s word, "Top up"', async () => {
    serve(false);
    await renderScreen(<TopUpScreen />, { path: '/topUp' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Top up$/);
  });

  it("draws no currency sign on a method (the set's payment icons draw ¥); method links are 44 px tall", () => {
    expect(TOP_UP_METHOD_ICONS).toEqual({
      bank: SendOutline,
      onChain: LinkOutline,
      card: BankcardOutline,
      manual: UploadOutline,
    });
    const css = readFileSync(`${__dirname}/top-up-screen.css`, 'utf8');
    expect(css).toMatch(/\.wallet-top-up__link\s*\{[^}]*min-height:\s*44px/);
  });

  it('shows the build version only with the sandbox acquirer (demo and test setups), never to paying shoppers', async () => {
    serve(false);
    const { unmount } = await renderScreen(<TopUpScreen />, { path: '/topUp' });
    await screen.findByText('$1,000.00');
    expect(screen.queryByText(/Wallet version/)).not.toBeInTheDocument();
    unmount();
    jest.restoreAllMocks();
    serve(true);
    await renderScreen(<TopUpScreen />, { path: '/topUp' });
    expect(await screen.findByText(`Wallet version ${WALLET_VERSION}`)).toBeInTheDocument();
  });
});
