import type { VipInfo } from '@marketplace/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { demoUser, fail, fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { VipScreen } from './vip-screen';

const vipInfo = (current: number): VipInfo => ({
  current,
  levels: [
    { level: 1, name: 'VIP 1', priceCents: 9_900, benefits: ['VIP badge on your shop'], owned: current >= 1 },
    {
      level: 2,
      name: 'VIP 2',
      priceCents: 29_900,
      benefits: ['VIP badge on your shop', 'Priority review of top-ups and withdrawals'],
      owned: current >= 2,
    },
  ],
});

// The popup and the dialog animate in; a person waits, the test does not need to.
const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const level = (name: string) => screen.findByRole('article', { name });

/** Presses "Upgrade to VIP 1"; the payment form that opens. */
const upgradeToVip1 = async () => {
  await userEvent.click(within(await level('VIP 1')).getByRole('button', { name: 'Upgrade to VIP 1' }));
  return screen.findByRole('form', { name: 'Pay for the VIP upgrade' });
};

/** Types `code` into the payment form and presses Pay. */
const pay = async (dialog: HTMLElement, code: string) => {
  await userEvent.type(within(dialog).getByLabelText('Payment code'), code);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
};

describe('/vip', () => {
  // resetBrowser closes a confirmation a previous test left open, so each test clicks its own.
  beforeEach(resetBrowser);

  it('shows the current level and each level with its price in dollars and its benefits', async () => {
    fakeApi({ 'GET /api/user/vip': ok(vipInfo(1)), 'GET /api/user/getUserInfo': ok(demoUser) });
    await renderScreen(<VipScreen />, { path: '/vip', session: signedIn() });

    const current = await screen.findByRole('region', { name: 'Current level' });
    await waitFor(() => expect(current).toHaveTextContent('VIP 1'));
    expect(current).toHaveTextContent('$1,000.00');
    const vip1 = await level('VIP 1');
    expect(vip1).toHaveTextContent('$99.00');
    expect(within(vip1).queryByRole('button')).not.toBeInTheDocument();
    expect(vip1).toHaveTextContent('Your current level');
    const vip2 = await level('VIP 2');
    expect(vip2).toHaveTextContent('$299.00');
    expect(within(vip2).getByRole('list', { name: 'Benefits of VIP 2' })).toHaveTextContent(
      'Priority review of top-ups and withdrawals',
    );
    expect(within(vip2).getByRole('button', { name: 'Upgrade to VIP 2' })).toBeEnabled();
  });

  it('pays with the payment code: "Upgrade successful", the new level and the new balance', async () => {
    let upgraded = false;
    const { calls } = fakeApi({
      'GET /api/user/vip': () => ok(vipInfo(upgraded ? 2 : 0)),
      'GET /api/user/getUserInfo': () => ok(upgraded ? { ...demoUser, balance: 70_100, vipLevel: 2 } : demoUser),
      'POST /api/user/vipUpgrade': () => {
        upgraded = true;
        return ok({ purchaseId: 1, level: 2, priceCents: 29_900, balance: 70_100 }, 'Upgrade successful');
      },
    });
    const { store } = await renderScreen(<VipScreen />, { path: '/vip', session: signedIn() });

    await userEvent.click(within(await level('VIP 2')).getByRole('button', { name: 'Upgrade to VIP 2' }));
    const dialog = await screen.findByRole('form', { name: 'Pay for the VIP upgrade' });
    expect(dialog).toHaveTextContent('$299.00');
    await pay(dialog, '123456');

    expect(await screen.findByText('Upgrade successful')).toBeInTheDocument();
    const result = await screen.findByRole('status', { name: 'You are now VIP 2' });
    expect(result).toHaveTextContent('$701.00');
    const body = calls.find((call) => call.path === '/api/user/vipUpgrade')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ level: 2, payPassword: '123456' });
    expect(body.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() => expect(store.getState().session.userInfo?.vipLevel).toBe(2));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Current level' })).toHaveTextContent('VIP 2'));
  });

  it('a wrong code shows the server\'s "Pay Fail" once and the attempts left, and keeps the entry open', async () => {
    fakeApi({
      'GET /api/user/vip': ok(vipInfo(0)),
      'GET /api/user/getUserInfo': ok(demoUser),
      'POST /api/user/vipUpgrade': fail('Pay Fail', { reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 }),
    });
    await renderScreen(<VipScreen />, { path: '/vip', session: signedIn() });

    const dialog = await upgradeToVip1();
    await pay(dialog, '654321');

    expect(await screen.findByText('Pay Fail')).toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('4 attempts left');
    expect(screen.getAllByText('Pay Fail')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: /You are now/ })).not.toBeInTheDocument();
  });

  it('a code that is not 6+ digits is refused before anything is sent', async () => {
    const { calls } = fakeApi({ 'GET /api/user/vip': ok(vipInfo(0)), 'GET /api/user/getUserInfo': ok(demoUser) });
    await renderScreen(<VipScreen />, { path: '/vip', session: signedIn() });
    const dialog = await upgradeToVip1();
    await pay(dialog, '123');
    expect(await screen.findByText('Payment code must be digits only, at least 6')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('with no payment code set, leads to the settings screen where it is set', async () => {
    const noCode = { ...demoUser, hasPaymentCode: false };
    const { calls } = fakeApi({ 'GET /api/user/vip': ok(vipInfo(0)), 'GET /api/user/getUserInfo': ok(noCode) });
    await renderScreen(<VipScreen />, { path: '/vip', session: signedIn(noCode) });

    await userEvent.click(within(await level('VIP 1')).getByRole('button', { name: 'Upgrade to VIP 1' }));
    expect(await screen.findByText('Please set your payment code in settings first')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay for the VIP upgrade' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to settings' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/changePayPwd'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a refusal because no code is set (set elsewhere meanwhile) also leads to settings', async () => {
    fakeApi({
      'GET /api/user/vip': ok(vipInfo(0)),
      'GET /api/user/getUserInfo': ok(demoUser),
      'POST /api/user/vipUpgrade': fail('Please set your payment code in settings first', {
        reason: 'PAYMENT_CODE_NOT_SET',
      }),
    });
    await renderScreen(<VipScreen />, { path: '/vip', session: signedIn() });
    const dialog = await upgradeToVip1();
    await pay(dialog, '123456');
    await userEvent.click(await screen.findByRole('button', { name: 'Go to settings' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/changePayPwd'));
  });
});
