import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { demoUser, fakeApi, ok, resetBrowser, signedIn, tokenCookie } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { SettingScreen } from './setting-screen';

// antd-mobile's dialog and popup keep `pointer-events: none` until their opening animation ends,
// and jsdom runs no animation frames; a person clicks once the panel is visible.
const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Settings asks whether the deployment is a sandbox (for the Diagnostics row); `own` leaves that call out. */
const SANDBOX_PATH = '/api/user/getBlockchain';
const settingsFakeApi = (routes: Parameters<typeof fakeApi>[0], cardSandbox = false) =>
  fakeApi({ [`GET ${SANDBOX_PATH}`]: ok({ channels: [], cardSandbox }), ...routes });
const own = <T extends { path: string }>(calls: T[]) => calls.filter((call) => call.path !== SANDBOX_PATH);

describe('/setting', () => {
  beforeEach(resetBrowser);

  it('links to the login password, payment code, security and language pages, and not to Diagnostics', async () => {
    const { calls } = settingsFakeApi({});
    await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn() });
    expect(screen.getByRole('link', { name: 'Login password' })).toHaveAttribute('href', '/passwords');
    expect(screen.getByRole('link', { name: 'Payment code' })).toHaveAttribute('href', '/changePayPwd');
    expect(screen.getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/security');
    expect(screen.getByRole('link', { name: 'Language' })).toHaveAttribute('href', '/language');
    await waitFor(() => expect(calls.some((call) => call.path === SANDBOX_PATH)).toBe(true));
    expect(screen.queryByRole('link', { name: 'Diagnostics' })).not.toBeInTheDocument();
  });

  it('lists Diagnostics on a sandbox deployment', async () => {
    settingsFakeApi({}, true);
    await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn() });
    expect(await screen.findByRole('link', { name: 'Diagnostics' })).toHaveAttribute('href', '/diagnostics');
  });

  it('lists Diagnostics where the setting is on, without asking the server', async () => {
    localStorage.setItem('marketplace:diagnostics', 'on');
    const { calls } = settingsFakeApi({});
    await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn() });
    expect(screen.getByRole('link', { name: 'Diagnostics' })).toHaveAttribute('href', '/diagnostics');
    expect(calls.some((call) => call.path === SANDBOX_PATH)).toBe(false);
    localStorage.removeItem('marketplace:diagnostics');
  });

  it('logs out after confirmation: sends the language, clears the token and goes to /login', async () => {
    document.cookie = 'Admin-Token=token-1; path=/';
    const { calls } = settingsFakeApi({ 'POST /api/user/logout': ok(null) });
    const { store } = await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn() });
    const user = setupUser();

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(own(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent(/^\/login$/);
    expect(own(calls)[0]?.search.get('lang')).toBe('en');
    expect(own(calls)[0]?.headers.get('token')).toBe('token-1');
    expect(store.getState().session.token).toBeNull();
    expect(tokenCookie()).toBeUndefined();
  });

  it('keeps the session when the logout is cancelled', async () => {
    const { calls } = settingsFakeApi({});
    const { store } = await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn() });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(own(calls)).toHaveLength(0);
    expect(store.getState().session.token).toBe('token-1');
  });

  it('saves personal information, toasts "Save successful" and reloads the user info', async () => {
    const saved = { ...demoUser, familyName: 'Li', email: 'li@example.com' };
    const { calls } = settingsFakeApi({ 'POST /api/user/profile': ok(null), 'GET /api/user/getUserInfo': ok(saved) });
    const { store } = await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn() });
    const user = setupUser();

    await user.click(screen.getByRole('button', { name: 'Personal information' }));
    const editor = await screen.findByRole('dialog', { name: 'Personal information' });
    const familyName = within(editor).getByLabelText('Family name');
    await user.clear(familyName);
    await user.type(familyName, 'Li');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'li@example.com');
    // A new email needs the current password (a borrowed session alone cannot redirect the account).
    await user.type(screen.getByLabelText('Current password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    expect(own(calls)[0]?.body).toEqual({
      familyName: 'Li',
      givenName: 'Mei',
      email: 'li@example.com',
      mobile: '+1 555 0100',
      currentPassword: 'secret1',
    });
    await screen.findByText('Li Mei');
    expect(store.getState().session.userInfo?.email).toBe('li@example.com');
  });

  it('shows "Please fill correct email" and sends nothing for a wrong email', async () => {
    const { calls } = settingsFakeApi({});
    await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn() });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Personal information' }));
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'li@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill correct email')).toBeInTheDocument();
    expect(own(calls)).toHaveLength(0);
  });

  it('verifies an unverified email with the mailed code', async () => {
    const unverified = { ...demoUser, emailVerified: false };
    const { calls } = settingsFakeApi({
      'GET /api/user/getUserInfo': ok(unverified),
      'POST /api/user/email/send_code': ok(null, 'A verification code has been sent to your email'),
      'POST /api/user/email/verify': ok({ ...demoUser, emailVerified: true }, 'Email verified'),
    });
    await renderScreen(<SettingScreen />, { path: '/setting', session: signedIn(unverified) });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Personal information' }));
    const section = await screen.findByRole('region', { name: 'Verify email' });
    await user.click(within(section).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('A verification code has been sent to your email')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Verification code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/user/email/verify')?.body).toEqual({ code: '123456' });
  });
});
