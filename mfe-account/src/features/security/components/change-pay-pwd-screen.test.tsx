import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from '../../../testing/fake-api';
import { demoUser, renderScreen, signedIn } from '../../../testing/render-screen';
import { resetBrowser } from '../../../testing/reset-browser';
import { ChangePayPwdScreen } from './change-pay-pwd-screen';

const firstTimeUser = { ...demoUser, hasPaymentCode: false };

const type = async (label: string, value: string) => userEvent.setup().type(screen.getByLabelText(label), value);
const save = async () => userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));

describe('/changePayPwd', () => {
  beforeEach(resetBrowser);

  it('sets the first payment code without an old one and toasts "Setting Success"', async () => {
    const { calls } = fakeApi({
      'GET /api/user/getUserInfo': () => ok(calls.length > 1 ? demoUser : firstTimeUser),
      'POST /api/user/resetPay': ok(null),
    });
    const { store } = await renderScreen(<ChangePayPwdScreen />, {
      path: '/changePayPwd',
      session: signedIn(firstTimeUser),
    });
    expect(await screen.findByRole('heading', { name: 'Set payment code' })).toBeInTheDocument();
    // The browser tab says what the heading says.
    expect(document.title).toBe('Set payment code');
    expect(screen.queryByLabelText('Old payment code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('New payment code')).toHaveAttribute('inputmode', 'numeric');

    await type('New payment code', '246810');
    await type('Confirm payment code', '246810');
    await save();

    expect(await screen.findByText('Setting Success')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/api/user/resetPay');
    expect(sent?.body).toEqual({ oldPaymentCode: '', paymentCode: '246810', confirmPaymentCode: '246810' });
    await screen.findByText('Change payment code');
    await waitFor(() => expect(document.title).toBe('Change payment code'));
    expect(store.getState().session.userInfo?.hasPaymentCode).toBe(true);
  });

  it('requires the old code when one is set: "Old password is required"', async () => {
    const { calls } = fakeApi({ 'GET /api/user/getUserInfo': ok(demoUser) });
    await renderScreen(<ChangePayPwdScreen />, { path: '/changePayPwd', session: signedIn() });
    await type('New payment code', '246810');
    await type('Confirm payment code', '246810');
    await save();
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['Payment code must be digits only, at least 6', '12ab56', '12ab56'],
    ['Payment code must be digits only, at least 6', '12345', '12345'],
    ['Passwords do not match', '246810', '246811'],
    ['New password must be different from the old one', '123456', '123456'],
  ])('shows "%s" and sends nothing', async (message, code, confirm) => {
    const { calls } = fakeApi({ 'GET /api/user/getUserInfo': ok(demoUser) });
    await renderScreen(<ChangePayPwdScreen />, { path: '/changePayPwd', session: signedIn() });
    await type('Old payment code', '123456');
    await type('New payment code', code);
    await type('Confirm payment code', confirm);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
