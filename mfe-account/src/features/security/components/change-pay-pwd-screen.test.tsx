import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoUser, fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
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

  describe('Forgot payment code?', () => {
    it('leads from the change form to a code sent by email, then sets the new code without the old one', async () => {
      const { calls } = fakeApi({
        'GET /api/user/getUserInfo': ok(demoUser),
        'POST /api/user/forgot_pay/send': ok(null),
        'POST /api/user/forgot_pay/reset': ok(null),
      });
      await renderScreen(<ChangePayPwdScreen />, { path: '/changePayPwd', session: signedIn() });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('link', { name: 'Forgot payment code?' }));

      expect(await screen.findByRole('heading', { name: 'Reset payment code' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Reset payment code'));
      expect(screen.getByText(/We will email a 6-digit code to demo@example\.com/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Old payment code')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByText('A verification code has been sent to your email')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Send a new code' })).toBeInTheDocument();

      await type('Verification code', '482913');
      await type('New payment code', '246810');
      await type('Confirm payment code', '246810');
      await user.click(screen.getByRole('button', { name: 'Reset payment code' }));

      expect(await screen.findByText('Setting Success')).toBeInTheDocument();
      const sent = calls.find((call) => call.path === '/api/user/forgot_pay/reset');
      expect(sent?.body).toEqual({ code: '482913', paymentCode: '246810', confirmPaymentCode: '246810' });
      expect(calls.some((call) => call.path === '/api/user/resetPay')).toBe(false);
    });

    it('opens on the forgot form with ?forgot=1 and goes back to the old-code form', async () => {
      fakeApi({ 'GET /api/user/getUserInfo': ok(demoUser) });
      await renderScreen(<ChangePayPwdScreen />, {
        path: '/changePayPwd?forgot=1',
        route: '/changePayPwd',
        session: signedIn(),
      });
      expect(await screen.findByRole('heading', { name: 'Reset payment code' })).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('link', { name: 'I remember my payment code' }));
      expect(await screen.findByRole('heading', { name: 'Change payment code' })).toBeInTheDocument();
      expect(screen.getByLabelText('Old payment code')).toBeInTheDocument();
    });

    it('refuses a malformed new code and sends nothing', async () => {
      const { calls } = fakeApi({ 'GET /api/user/getUserInfo': ok(demoUser) });
      await renderScreen(<ChangePayPwdScreen />, {
        path: '/changePayPwd?forgot=1',
        route: '/changePayPwd',
        session: signedIn(),
      });
      await type('Verification code', '482913');
      await type('New payment code', '12ab56');
      await type('Confirm payment code', '12ab56');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Reset payment code' }));
      expect(await screen.findByText('Payment code must be digits only, at least 6')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    });

    it('tells a shopper with no email to add one in Security and sends nothing', async () => {
      const noEmail = { ...demoUser, email: '' };
      const { calls } = fakeApi({ 'GET /api/user/getUserInfo': ok(noEmail) });
      await renderScreen(<ChangePayPwdScreen />, {
        path: '/changePayPwd?forgot=1',
        route: '/changePayPwd',
        session: signedIn(noEmail),
      });
      expect(
        await screen.findByText(
          'Add an email address in Security first: the code that resets your payment code is sent to it',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Add an email address' })).toHaveAttribute('href', '/setting');
      expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    });
  });
});
