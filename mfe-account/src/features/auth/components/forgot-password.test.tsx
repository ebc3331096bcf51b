import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn, tokenCookie } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { ChangePasswordScreen } from './change-password-screen';
import { ForgotPasswordScreen } from './forgot-password-screen';

describe('/forgotPassword and /changePassword', () => {
  beforeEach(resetBrowser);

  it('sends a code for the account and moves on to /changePassword with the account', async () => {
    const { calls } = fakeApi({ 'POST /api/user/forgot_password/send': ok(null) });
    await renderScreen(<ForgotPasswordScreen />, { path: '/forgotPassword' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(
      await screen.findByText('If the account has an email, a verification code has been sent to it'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/changePassword?account=demo');
    expect(calls[0]?.body).toEqual({ account: 'demo' });
  });

  it('asks for the account before sending a code', async () => {
    const { calls } = fakeApi({});
    await renderScreen(<ForgotPasswordScreen />, { path: '/forgotPassword' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please input account and password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['The verification code is wrong or has expired', '12ab', 'secret1', 'secret1'],
    ['Password must be at least 6 characters long', '123456', 'abc', 'abc'],
    ['Passwords do not match', '123456', 'secret1', 'secret2'],
  ])('shows "%s" and sends nothing', async (message, code, password, confirm) => {
    const { calls } = fakeApi({});
    await renderScreen(<ChangePasswordScreen />, { path: '/changePassword?account=demo' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), code);
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('resets the password, toasts "Change Successful", clears the session and goes to /login', async () => {
    document.cookie = 'Admin-Token=token-1; path=/';
    const { calls } = fakeApi({ 'POST /api/user/forgot_password/reset': ok(null) });
    const { store } = await renderScreen(<ChangePasswordScreen />, {
      path: '/changePassword?account=demo',
      session: signedIn(),
    });
    const user = userEvent.setup();
    expect(screen.getByLabelText('Account')).toHaveValue('demo');
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Change Successful')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/login?account=demo');
    expect(calls[0]?.body).toEqual({
      account: 'demo',
      code: '654321',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(store.getState().session.token).toBeNull();
    expect(tokenCookie()).toBeUndefined();
  });
});
