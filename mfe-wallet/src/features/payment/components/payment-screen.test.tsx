import { screen } from '@testing-library/react';
import type { UserInfo } from '@marketplace/shared/contracts';
import { demoUser, fakeApi, ok } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import PaymentScreen from './payment-screen';

const user: UserInfo = {
  ...demoUser,
  familyName: 'Demo',
  givenName: 'Shopper',
  balance: 123_456,
  hasPaymentCode: false,
};

afterEach(() => jest.restoreAllMocks());

describe('/payment', () => {
  it('shows the balance, whether a payment code is set, and where to set it', async () => {
    fakeApi({ 'GET /api/user/getUserInfo': ok(user) });
    await renderScreen(<PaymentScreen />, { path: '/payment' });
    expect(await screen.findByText('$1,234.56')).toBeInTheDocument();
    expect(await screen.findByText('No payment code yet: set one to pay')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Balance and payment code' })).toHaveAttribute('href', '/changePayPwd');
  });

  it('says when the payment code is set', async () => {
    fakeApi({ 'GET /api/user/getUserInfo': ok({ ...user, hasPaymentCode: true }) });
    await renderScreen(<PaymentScreen />, { path: '/payment' });
    expect(await screen.findByText('Payment code set')).toBeInTheDocument();
  });

  it.each([
    ['Bank transfer', '/walletTopUp?method=bank'],
    ['On-chain deposit', '/walletTopUp?method=onChain'],
    ['Card', '/cardTopUp'],
    ['Manual top-up with proof', '/walletTopUp?method=manual'],
    ['Withdraw', '/withDraw'],
    ['Top-up records', '/topUpRecord'],
    ['Withdrawal records', '/depositRecord'],
    ['Fund records', '/capitalRecord'],
  ])('links "%s" to %s', async (name, href) => {
    fakeApi({ 'GET /api/user/getUserInfo': ok(user) });
    await renderScreen(<PaymentScreen />, { path: '/payment' });
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });
});
