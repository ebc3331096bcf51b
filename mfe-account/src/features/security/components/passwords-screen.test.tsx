import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn, tokenCookie } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { PasswordsScreen } from './passwords-screen';

const fill = async (oldPassword: string, password: string, confirm: string) => {
  const user = userEvent.setup();
  if (oldPassword) await user.type(screen.getByLabelText('Old password'), oldPassword);
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save' }));
};

describe('/passwords', () => {
  beforeEach(resetBrowser);

  it.each([
    ['Old password is required', '', 'secret2', 'secret2'],
    ['New password must be different from the old one', 'secret1', 'secret1', 'secret1'],
    ['Passwords do not match', 'secret1', 'secret2', 'secret3'],
    ['Password must be at least 6 characters long', 'secret1', 'abc', 'abc'],
  ])('shows "%s" and sends nothing', async (message, oldPassword, password, confirm) => {
    const { calls } = fakeApi({});
    await renderScreen(<PasswordsScreen />, { path: '/passwords', session: signedIn() });
    await fill(oldPassword, password, confirm);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('changes the password with the token, toasts "Change Successful", clears the session and goes to /login', async () => {
    document.cookie = 'Admin-Token=token-1; path=/';
    const { calls } = fakeApi({ 'POST /api/user/resetpwd': ok(null) });
    const { store } = await renderScreen(<PasswordsScreen />, { path: '/passwords', session: signedIn() });
    await fill('demo123', 'secret2', 'secret2');

    expect(await screen.findByText('Change Successful')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent(/^\/login$/);
    expect(calls[0]?.headers.get('token')).toBe('token-1');
    expect(calls[0]?.body).toEqual({ oldPassword: 'demo123', password: 'secret2', confirmPassword: 'secret2' });
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.userInfo).toBeNull();
    expect(tokenCookie()).toBeUndefined();
  });
});
