import type { ContentPage } from '@marketplace/shared/contracts';
import { screen } from '@testing-library/react';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { HelpAndSupportScreen, LawScreen, PlatformScreen } from './content-screen';

const page = (slug: ContentPage['slug'], title: string, body: string): ContentPage => ({
  slug,
  lang: 'en',
  title,
  body,
});

describe('content pages', () => {
  beforeEach(resetBrowser);

  it('/helpAndSupport shows the help_support title, section headings and paragraphs', async () => {
    const { calls } = fakeApi({
      'GET /api/user/help_support': ok(
        page('help', 'Help and support', 'Paying\nOrders are paid from your balance.\n\nAsk us anything.'),
      ),
    });
    await renderScreen(<HelpAndSupportScreen />, { path: '/helpAndSupport', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Help and support' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Paying' })).toBeInTheDocument();
    expect(screen.getByText('Orders are paid from your balance.')).toBeInTheDocument();
    expect(screen.getByText('Ask us anything.')).toBeInTheDocument();
    expect(calls[0]?.headers.get('lang')).toBe('en');
  });

  it('/law shows a body with <script> as text and runs nothing', async () => {
    const body = 'Terms <script>window.hacked = true</script>\n\n<img src=x onerror="window.hacked = true">';
    fakeApi({ 'GET /api/user/law': ok(page('law', '<b>Law</b>', body)) });
    const { container } = await renderScreen(<LawScreen />, { path: '/law', session: signedIn() });
    expect(await screen.findByRole('heading', { name: '<b>Law</b>' })).toBeInTheDocument();
    expect(screen.getByText('Terms <script>window.hacked = true</script>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror="window.hacked = true">')).toBeInTheDocument();
    expect(container.querySelector('script, img, b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('/platform reads the platform call', async () => {
    fakeApi({ 'GET /api/user/platform': ok(page('platform', 'Partner with us', 'Sell to shoppers everywhere.')) });
    await renderScreen(<PlatformScreen />, { path: '/platform', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Partner with us' })).toBeInTheDocument();
    expect(screen.getByText('Sell to shoppers everywhere.')).toBeInTheDocument();
  });
});
