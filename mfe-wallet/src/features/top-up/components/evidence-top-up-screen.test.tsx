import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { BlockchainInfo } from '@marketplace/shared/contracts';
import { envelope, fakeFetch, fakeUpload, jsonResponse, pngFile } from '@marketplace/shared/testing';
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
    {
      id: 3,
      method: 'bank',
      name: 'Marketplace Test Bank',
      address: 'GB33 BUKB 2020 1555 5555 55',
      detail: 'Marketplace Ltd',
      minAmount: 500,
    },
  ],
};

afterEach(() => jest.restoreAllMocks());
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('/walletTopUp', () => {
  it('checks address, amount, network and evidence in the required order with its words, sending nothing', async () => {
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

  it('shows the deposit notes of requirements §6.1', async () => {
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

  it('offers only the channels of the chosen method, and the bank tab asks for the bank account paid from', async () => {
    fakeFetch(async () => jsonResponse(envelope(info)));
    await renderScreen(<EvidenceTopUpScreen />, { path: '/walletTopUp?method=onChain' });
    await screen.findByText('USDT-TRC20');
    expect(screen.queryByText('Marketplace Test Bank')).not.toBeInTheDocument();
    await setup().click(screen.getByRole('tab', { name: 'Bank transfer' }));
    // The only bank channel is chosen at once, with its account to pay to.
    expect(await screen.findByText('GB33 BUKB 2020 1555 5555 55')).toBeInTheDocument();
    expect(screen.queryByText('USDT-TRC20')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your bank account (name and number)')).toBeInTheDocument();
  });

  it('words a bank transfer as a bank transfer: beneficiary, account number and reference, each with Copy', async () => {
    fakeFetch(async (request) =>
      jsonResponse(envelope(request.url.includes('getUserInfo') ? { id: 7, account: 'demo', balance: 0 } : info)),
    );
    const writeText = jest.fn(() => Promise.resolve());
    const person = setup();
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await renderScreen(<EvidenceTopUpScreen />, { path: '/walletTopUp?method=bank' });
    const details = await screen.findByRole('region', { name: 'Bank transfer details' });
    expect(details).toHaveTextContent('BeneficiaryMarketplace Ltd');
    expect(details).toHaveTextContent('Account numberGB33 BUKB 2020 1555 5555 55');
    expect(await within(details).findByText('demo')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Receiving bank' })).toBeInTheDocument();
    const page = document.body.textContent ?? '';
    for (const onChainWords of ['Network', 'address', 'DEX, BSC and HECO']) expect(page).not.toContain(onChainWords);
    await person.click(within(details).getByRole('button', { name: 'Copy Account number' }));
    await person.click(within(details).getByRole('button', { name: 'Copy Reference to quote' }));
    await person.click(within(details).getByRole('button', { name: 'Copy Beneficiary' }));
    expect(writeText.mock.calls).toEqual([['GB33 BUKB 2020 1555 5555 55'], ['demo'], ['Marketplace Ltd']]);
  });

  it('keeps network, address and the DEX, BSC and HECO note for on-chain deposits', async () => {
    fakeFetch(async () => jsonResponse(envelope(info)));
    await renderScreen(<EvidenceTopUpScreen />, { path: '/walletTopUp?method=onChain' });
    expect(await screen.findByRole('group', { name: 'Network' })).toBeInTheDocument();
    await setup().click(await screen.findByText('USDT-TRC20'));
    expect(screen.getByRole('region', { name: 'Pay to this address' })).toHaveTextContent(
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    );
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Deposit notes' })).toHaveTextContent('DEX, BSC and HECO');
  });

  it('needs the deposit notes confirmed, then sends the request with the evidence and opens the records', async () => {
    const { requests } = fakeFetch(async (request) =>
      request.method === 'POST'
        ? jsonResponse(envelope({ record: { id: 5, status: 0 }, balance: 100_000 }, 1, 'Submission Successful'))
        : jsonResponse(envelope(info)),
    );
    const uploads = fakeUpload(() => ({
      code: 1,
      msg: 'Upload successful',
      data: { id: 'up-7', url: '/api/upload/up-7' },
    }));
    await renderScreen(<EvidenceTopUpScreen />, { path: '/walletTopUp?method=onChain' });
    const person = setup();
    await person.click(await screen.findByText('BTC (testnet)'));
    await person.type(screen.getByLabelText('Your sending address'), 'tb1qsender');
    await person.type(screen.getByLabelText('Amount ($)'), '12.34');
    const proof = screen.getByRole('group', { name: 'Payment evidence' });
    // One "Upload" control, the file input: antd-mobile's own cell was a second, unclickable one.
    expect(within(proof).getAllByLabelText('Upload')).toEqual([
      within(proof).getByLabelText('Upload', { selector: 'input' }),
    ]);
    await person.upload(within(proof).getByLabelText('Upload', { selector: 'input' }), pngFile());
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByText('Upload successful')).toBeInTheDocument();
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/upload' });

    await person.click(screen.getByRole('button', { name: 'Submit top-up' }));
    expect(
      await screen.findByText(
        'Please confirm the deposit notes: choose the same network as the withdrawal platform; DEX, BSC and HECO are not supported',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await person.click(screen.getByRole('checkbox', { name: 'I have read the deposit notes' }));
    await person.click(screen.getByRole('button', { name: 'Submit top-up' }));
    expect(await screen.findByText('Submission Successful')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/topUpRecord');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]!.url).pathname).toBe('/api/user/recharge');
    const body = (await posts[0]!.json()) as Record<string, unknown>;
    expect(body).toEqual({
      method: 'onChain',
      network: 2,
      address: 'tb1qsender',
      amount: 1_234,
      evidence: 'up-7',
      acceptNotes: true,
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
  });
});
