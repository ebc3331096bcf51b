import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { BlockchainInfo } from '@marketplace/shared/contracts';
import { envelope, fakeFetch, jsonResponse } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import EvidenceTopUpScreen from './evidence-top-up-screen';

const info: BlockchainInfo = {
  channels: [
    {
      id: 1,
      method: 'onChain',
      name: 'USDT-TRC20',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      detail: 'USDT',
      minAmount: 1_000,
    },
    { id: 2, method: 'onChain', name: 'BTC (testnet)', address: 'tb1qexample', detail: 'BTC', minAmount: 1_000 },
  ],
};

afterEach(() => jest.restoreAllMocks());
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('/walletTopUp', () => {
  it('checks address, amount, network and evidence in the spec order with its words, sending nothing', async () => {
    const { requests } = fakeFetch(async () => jsonResponse(envelope(info)));
    await renderScreen(<EvidenceTopUpScreen />, { path: '/walletTopUp?method=onChain' });
    const person = setup();
    await screen.findByText('USDT-TRC20');
    const submit = () => person.click(screen.getByRole('button', { name: 'Submit top-up' }));
    await submit();
    expect(await screen.findByText('Please fill recharge address')).toBeInTheDocument();
    await person.type(screen.getByLabelText('Your sending address'), 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy');
    await submit();
    expect(await screen.findByText('Please fill correct amount')).toBeInTheDocument();
    await person.type(screen.getByLabelText('Amount ($)'), '25');
    await submit();
    expect(await screen.findByText('Please choose charge network')).toBeInTheDocument();
    await person.click(screen.getByText('USDT-TRC20'));
    await submit();
    expect(await screen.findByText('Please upload payment evidence')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the deposit notes of the spec', async () => {
    fakeFetch(async () => jsonResponse(envelope(info)));
    await renderScreen(<EvidenceTopUpScreen />, { path: '/walletTopUp?method=onChain' });
    const notes = screen.getByRole('list', { name: 'Deposit notes' });
    expect(notes).toHaveTextContent('Choose the same network as the withdrawal platform.');
    expect(notes).toHaveTextContent('DEX, BSC and HECO are not supported.');
  });

  it.each([
    ['copies the address: "Copied"', true, () => Promise.resolve(), 'Copied'],
    ['a refused clipboard: "Copy Fail"', true, () => Promise.reject(new Error('denied')), 'Copy Fail'],
    [
      'no clipboard on plain HTTP',
      false,
      () => Promise.resolve(),
      'This operation is not supported by non-HTTPS protocol',
    ],
  ])('%s', async (_name, secure, writeText, message) => {
    fakeFetch(async () => jsonResponse(envelope(info)));
    // user-event installs a clipboard of its own: the page's clipboard is set after it.
    const person = setup();
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: secure });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: secure ? { writeText } : undefined });
    await renderScreen(<EvidenceTopUpScreen />, { path: '/walletTopUp?method=onChain' });
    await person.click(await screen.findByText('USDT-TRC20'));
    await person.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
