import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { BalancePoint, LedgerEntry, Page } from '@marketplace/shared/contracts';
import { fakeApi, ok } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import CapitalRecordScreen from './capital-record-screen';

// The chart library draws on a canvas jsdom does not have: a stand-in records what it was given.
const drawn: { data: number[][] }[] = [];
jest.mock('uplot', () => ({
  __esModule: true,
  default: jest.fn().mockImplementation((_options: unknown, data: number[][]) => {
    drawn.push({ data });
    return { destroy: jest.fn() };
  }),
}));

const entries: LedgerEntry[] = [
  {
    id: 3,
    kind: 'payment',
    amount: -4_500,
    balanceAfter: 55_500,
    reference: 'order:7',
    note: 'M2026030300007',
    createdAt: '2026-03-03T10:00:00.000Z',
  },
  {
    id: 2,
    kind: 'topup',
    amount: 10_000,
    balanceAfter: 60_000,
    reference: 'recharge:2',
    note: 'R2026030200002',
    createdAt: '2026-03-02T10:00:00.000Z',
  },
];
const history: BalancePoint[] = [
  { at: '2026-03-01T10:00:00.000Z', balance: 50_000 },
  { at: '2026-03-02T10:00:00.000Z', balance: 60_000 },
  { at: '2026-03-03T10:00:00.000Z', balance: 55_500 },
];
const page = (list: LedgerEntry[]): Page<LedgerEntry> => ({ list, total: list.length, page: 1, pageSize: 20 });

const serve = () =>
  fakeApi({
    'GET /api/user/balance_history': ok(history),
    'GET /api/user/bill': (_body, search) => {
      const kind = search.get('kind');
      return ok(page(kind ? entries.filter((e) => e.kind === kind) : entries));
    },
  });
const kindsAsked = (sentTo: ReturnType<typeof serve>['sentTo']) =>
  sentTo('GET', '/api/user/bill').map((call) => call.search.get('kind'));

const restoreCanvas = { matchMedia: window.matchMedia, getContext: HTMLCanvasElement.prototype.getContext };
afterEach(() => {
  jest.restoreAllMocks();
  window.matchMedia = restoreCanvas.matchMedia;
  HTMLCanvasElement.prototype.getContext = restoreCanvas.getContext;
  drawn.length = 0;
});

describe('/capitalRecord', () => {
  it('lists fund transactions signed and coloured, with the balance after each', async () => {
    serve();
    await renderScreen(<CapitalRecordScreen />, { path: '/capitalRecord' });
    const payment = await screen.findByRole('article', { name: 'Payment' });
    expect(payment).toHaveTextContent('−$45.00');
    expect(payment).toHaveTextContent('Balance after $555.00');
    // The reference reads as the order it names and opens it; no "Reference: order:7".
    expect(payment).not.toHaveTextContent('order:7');
    expect(within(payment).getByRole('link', { name: 'Order M2026030300007' })).toHaveAttribute('href', '/orderInfo/7');
    expect(screen.getByText('$45.00').parentElement).toHaveClass('wallet-amount--out');
    const topUp = screen.getByRole('article', { name: 'Top-up' });
    expect(topUp).toHaveTextContent('+$100.00');
    expect(within(topUp).getByRole('link', { name: 'Top-up R2026030200002' })).toHaveAttribute('href', '/topUpRecord');
    expect(screen.getByText('$100.00').parentElement).toHaveClass('wallet-amount--in');
  });

  it('filters by kind: all and each ledger kind, by their translated names', async () => {
    const { sentTo } = serve();
    await renderScreen(<CapitalRecordScreen />, { path: '/capitalRecord' });
    await screen.findByRole('article', { name: 'Payment' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Payment',
      'Refund',
      'Adjustment',
      'Top-up',
      'Withdrawal',
      'Withdrawal returned',
      'VIP',
    ]);
    await userEvent
      .setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
      .click(screen.getByRole('tab', { name: 'Top-up' }));
    await waitFor(() => expect(kindsAsked(sentTo)).toEqual([null, 'topup']));
    await screen.findByRole('article', { name: 'Top-up' });
    expect(screen.queryByRole('article', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('gives the balance chart a name and a text alternative, even where nothing can be drawn', async () => {
    serve();
    await renderScreen(<CapitalRecordScreen />, { path: '/capitalRecord' });
    const chart = await screen.findByRole('figure', { name: 'Balance over time' });
    expect(chart).toHaveTextContent('Balance now $555.00; lowest $500.00, highest $600.00 over the last 3 changes');
    expect(drawn).toHaveLength(0);
  });

  it('draws the balance over time with the chart library where a canvas exists', async () => {
    window.matchMedia = jest.fn().mockReturnValue({ matches: false, addEventListener: jest.fn() });
    HTMLCanvasElement.prototype.getContext = jest.fn().mockReturnValue({}) as never;
    serve();
    await renderScreen(<CapitalRecordScreen />, { path: '/capitalRecord' });
    await screen.findByRole('figure', { name: 'Balance over time' });
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.data).toEqual([history.map((p) => Date.parse(p.at) / 1000), [50_000, 60_000, 55_500]]);
  });
});
