import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { AuditStatus, type Page, type RechargeRecord, type WithdrawalRecord } from '@marketplace/shared/contracts';
import { fakeApi, ok, type SentCall } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import TopUpRecordScreen from './top-up-record-screen';
import WithdrawalRecordScreen from './withdrawal-record-screen';

const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, page: 1, pageSize: 20 });

const refusedTopUp: RechargeRecord = {
  id: 1,
  rechargeNo: 'R1001',
  method: 'onChain',
  network: 'USDT-TRC20',
  address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
  amount: 2_500,
  actualArrival: 0,
  status: 2,
  reason: 'Evidence unreadable',
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: '2026-03-01T11:00:00.000Z',
};
const cardTopUp: RechargeRecord = {
  ...refusedTopUp,
  id: 2,
  rechargeNo: 'R1002',
  method: 'card',
  network: 'visa',
  address: '•••• 4242',
  amount: 1_000,
  actualArrival: 1_000,
  status: 1,
  reason: '',
};
const withdrawal: WithdrawalRecord = {
  id: 7,
  withdrawalNo: 'W2001',
  drawType: 'bank',
  drawAmount: 2_050,
  serviceCharge: 21,
  actualArrival: 2_029,
  bankName: 'Test Bank',
  account: '•••• 1111',
  status: 0,
  reason: '',
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
};

afterEach(() => jest.restoreAllMocks());
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const statusesAsked = (calls: SentCall[]) => calls.map((call) => call.search.get('status'));
/** Expects `element` to show every one of `texts`. */
const expectTexts = (element: HTMLElement, texts: string[]) => {
  for (const text of texts) expect(element).toHaveTextContent(text);
};

describe('/topUpRecord', () => {
  it('lists top-ups with method, amounts, status, refusal reason and time', async () => {
    fakeApi({ 'GET /api/user/recharge_log': ok(page([refusedTopUp, cardTopUp])) });
    await renderScreen(<TopUpRecordScreen />, { path: '/topUpRecord' });
    const refused = await screen.findByRole('article', { name: 'Top-up R1001' });
    expectTexts(refused, [
      'On-chain deposit',
      'Refused',
      'Amount $25.00',
      'Actual arrival $0.00',
      'Reason: Evidence unreadable',
    ]);
    expect(within(refused).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-03-01T10:00:00.000Z',
    );
    const card = screen.getByRole('article', { name: 'Top-up R1002' });
    expectTexts(card, ['Card', 'Passed']);
    expect(card).not.toHaveTextContent('Reason');
    expect(await screen.findByText('No more')).toBeInTheDocument();
  });

  it('has the audit filter tabs of requirements §6.3, each asking the server for its status', async () => {
    const { sentTo } = fakeApi({ 'GET /api/user/recharge_log': ok(page([refusedTopUp])) });
    await renderScreen(<TopUpRecordScreen />, { path: '/topUpRecord' });
    await screen.findByRole('article', { name: 'Top-up R1001' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Refused', 'Auditing', 'Passed']);
    const person = setup();
    for (const [name, status] of [
      ['Refused', '2'],
      ['Auditing', '0'],
      ['Passed', '1'],
    ]) {
      await person.click(screen.getByRole('tab', { name }));
      await waitFor(() => expect(statusesAsked(sentTo('GET', '/api/user/recharge_log')).at(-1)).toBe(status));
      await screen.findByRole('article', { name: 'Top-up R1001' });
    }
    expect(statusesAsked(sentTo('GET', '/api/user/recharge_log'))).toEqual(['all', '2', '0', '1']);
    expect(screen.getByRole('tab', { name: 'Passed' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: 'Audit status' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Passed' });
    expect(within(panel).getByRole('article', { name: 'Top-up R1001' })).toBeInTheDocument();
  });

  it('says so when there is nothing', async () => {
    fakeApi({ 'GET /api/user/recharge_log': ok(page([])) });
    await renderScreen(<TopUpRecordScreen />, { path: '/topUpRecord?status=0' });
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Auditing' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('/depositRecord', () => {
  it('lists withdrawals with type, amount, charge, actual arrival, status and account', async () => {
    const { sentTo } = fakeApi({ 'GET /api/user/extract_log': ok(page([withdrawal])) });
    await renderScreen(<WithdrawalRecordScreen />, { path: '/depositRecord' });
    const record = await screen.findByRole('article', { name: 'Withdrawal W2001' });
    expectTexts(record, [
      'Bank card',
      'Auditing',
      'Amount $20.50',
      'Service charge $0.21',
      'Actual arrival $20.29',
      'Test Bank · •••• 1111',
    ]);
    await setup().click(screen.getByRole('tab', { name: 'Refused' }));
    await screen.findByRole('article', { name: 'Withdrawal W2001' });
    expect(statusesAsked(sentTo('GET', '/api/user/extract_log'))).toEqual(['all', '2']);
  });

  it('shows a passed withdrawal as paid', async () => {
    fakeApi({ 'GET /api/user/extract_log': ok(page([{ ...withdrawal, status: AuditStatus.PASSED }])) });
    await renderScreen(<WithdrawalRecordScreen />, { path: '/depositRecord' });
    expect(await screen.findByRole('article', { name: 'Withdrawal W2001' })).toHaveTextContent('Paid');
  });
});
