import { VERIFICATION_HEADER, VERIFICATION_STORAGE_KEY } from '@marketplace/shared/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import i18next from 'i18next';
import { demoUser, fail, fakeApi, ok, resetBrowser, tokenCookie } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { LoginScreen } from './login-screen';

const loginOk = ok({ userinfo: { ...demoUser, token: 'fresh-token' } });

describe('/login', () => {
  beforeEach(resetBrowser);

  it('shows "Please input account and password" and sends nothing when either is empty', async () => {
    const { calls } = fakeApi({});
    await renderScreen(<LoginScreen />, { path: '/login' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please input account and password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Account'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Please input account and password')).not.toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('stores the token cookie, toasts "Login Success" and goes to /', async () => {
    sessionStorage.setItem(
      VERIFICATION_STORAGE_KEY,
      JSON.stringify({ verificationToken: 'human-1', expiresAt: '2999-01-01T00:00:00.000Z' }),
    );
    const { calls } = fakeApi({ 'POST /api/user/login': loginOk });
    const { store } = await renderScreen(<LoginScreen />, { path: '/login' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Account'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login Success')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
    expect(calls[0]?.body).toEqual({ account: 'demo', password: 'demo123' });
    expect(calls[0]?.headers.get(VERIFICATION_HEADER)).toBe('human-1');
    expect(tokenCookie()).toBe('fresh-token');
    expect(store.getState().session.token).toBe('fresh-token');
    expect(store.getState().session.userInfo).toEqual(demoUser);
  });

  it('goes to the redirect query parameter after login', async () => {
    fakeApi({ 'POST /api/user/login': loginOk });
    await renderScreen(<LoginScreen />, { path: '/login?redirect=%2FmyPurchases%2F0' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/myPurchases/0');
  });

  it('shows the server message and stays logged out when the password is wrong', async () => {
    fakeApi({ 'POST /api/user/login': fail('Account or password is incorrect') });
    const { store } = await renderScreen(<LoginScreen />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Account or password is incorrect')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(tokenCookie()).toBeUndefined();
    expect(screen.queryByRole('status', { name: 'location' })).not.toBeInTheDocument();
  });

  it('prefills the account handed over by registration and links to Register and Forgot password', async () => {
    fakeApi({});
    await renderScreen(<LoginScreen />, { path: '/login?account=newbie' });
    expect(screen.getByLabelText('Account')).toHaveValue('newbie');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotPassword');
  });

  it('switches the language from the globe button without an account', async () => {
    const { calls } = fakeApi({});
    const { store } = await renderScreen(<LoginScreen />, { path: '/login' });
    // The popup keeps `pointer-events: none` until its opening animation ends; jsdom runs none.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

    await user.click(screen.getByRole('button', { name: 'Language' }));
    const picker = await screen.findByRole('dialog', { name: 'Language' });
    await user.click(within(picker).getByRole('radio', { name: '简体中文' }));

    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('账号')).toBeInTheDocument();
    expect(store.getState().session.setting.lang.file_name).toBe('zh-cn');
    expect(calls).toHaveLength(0);
    await act(() => i18next.changeLanguage('en'));
  });
});
