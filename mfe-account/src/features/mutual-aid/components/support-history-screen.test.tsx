import type { Page, SupportHistoryEntry } from '@marketplace/shared/contracts';
import { screen } from '@testing-library/react';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { SupportHistoryScreen } from './support-history-screen';

const entry = (id: number, shopName: string, day: string, count: number, days: number): SupportHistoryEntry => ({
  id,
  shopId: id + 100,
  shopName,
  logo: '',
  day,
  count,
  days,
  createdAt: `${day}T08:00:00.000Z`,
});

const page = (list: SupportHistoryEntry[]): Page<SupportHistoryEntry> => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 20,
});

describe('/mutualAidhHistroy', () => {
  beforeEach(resetBrowser);

  it('lists past supports newest first with the shop, the day and the cumulative days', async () => {
    const { calls } = fakeApi({
      'POST /api/merchant/assistHistory': ok(
        page([entry(9, 'Sunrise Outdoor', '2026-11-25', 2, 2), entry(4, 'Sunrise Outdoor', '2026-11-24', 1, 2)]),
      ),
    });
    await renderScreen(<SupportHistoryScreen />, { path: '/mutualAidhHistroy', session: signedIn() });

    const list = await screen.findByRole('list', { name: 'Support history' });
    const rows = list.querySelectorAll('article');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('11/25/2026');
    expect(rows[0]).toHaveTextContent('Support day 2');
    expect(rows[0]).toHaveTextContent('You supported 2 days');
    expect(rows[1]).toHaveTextContent('11/24/2026');
    expect(rows[1]).toHaveTextContent('Support day 1');
    expect(screen.getAllByRole('link', { name: 'Sunrise Outdoor' })[0]).toHaveAttribute('href', '/shop/109');
    expect(calls[0]?.body).toEqual({ page: 1, pageSize: 20 });
  });

  it('says there is no support yet and leads to the shops to support', async () => {
    fakeApi({ 'POST /api/merchant/assistHistory': ok(page([])) });
    await renderScreen(<SupportHistoryScreen />, { path: '/mutualAidhHistroy', session: signedIn() });
    expect(await screen.findByText('You have not supported any shop yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support a shop' })).toHaveAttribute('href', '/mutualAid');
  });
});
