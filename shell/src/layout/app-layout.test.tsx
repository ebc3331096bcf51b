import { createAppStore, DEFAULT_SESSION_LANGUAGE } from '@marketplace/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeFetch } from '@marketplace/shared/testing';
import { Providers } from '../app/providers';
import { initI18n } from '../i18n/init-i18n';
import { rememberAccount } from '../session/last-seen-account';
import { AppLayout } from './app-layout';

/** A signed-in shopper whose account the page does not have yet (a reload). */
const open = () =>
  render(
    <Providers
      store={createAppStore({
        token: 'token-1',
        userInfo: null,
        backData: {},
        setting: { lang: DEFAULT_SESSION_LANGUAGE },
      })}
    >
      <MemoryRouter initialEntries={['/myPurchases']}>
        <AppLayout routes={[]} />
      </MemoryRouter>
    </Providers>,
  );

describe('a slow start (docs/decisions/0005-installable-offline.md)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('keeps the outline under "Your account could not be loaded" and a Retry when the call fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers = [new Response('unavailable', { status: 503 })];
    const { requests } = fakeFetch(() => answers.shift() ?? new Promise<Response>(() => undefined));
    open();
    expect(await screen.findByText('Your account could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(requests.length).toBeGreaterThan(before);
    expect(screen.queryByText('Your account could not be loaded')).not.toBeInTheDocument();
  });

  it('forgets the last-seen account once signed out', () => {
    rememberAccount({ account: 'demo', givenName: '', familyName: '' });
    render(
      <Providers store={createAppStore()}>
        <MemoryRouter initialEntries={['/login']}>
          <AppLayout routes={[]} />
        </MemoryRouter>
      </Providers>,
    );
    expect(localStorage.getItem('lastSeenAccount')).toBeNull();
  });

  // Last: its account call never answers (one call however many guards ask, restore-user-info.ts).
  it('shows the last-seen account and the outline of a page while the account call is on its way', async () => {
    rememberAccount({ account: 'demo', givenName: 'Demo', familyName: 'Shopper' });
    fakeFetch(() => new Promise<Response>(() => undefined));
    const { container } = open();
    const loading = await screen.findByRole('status', { name: 'Loading' });
    expect(loading).toHaveTextContent('Signed in as Demo Shopper');
    expect(loading.querySelectorAll('.shell-start-skeleton__card')).toHaveLength(4);
    expect(container.querySelector('.adm-spin-loading, .shell-area-loading')).toBeNull();
  });
});
