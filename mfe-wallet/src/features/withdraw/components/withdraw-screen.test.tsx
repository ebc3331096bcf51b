import { screen, within } from '@testing-library/react';
import type { UserInfo, WithdrawInfo } from '@marketplace/shared/contracts';
import { envelope, fakeFetch, jsonResponse } from '@marketplace/shared/testing';
import { openWalletForm, setupPerson, walletShopper } from '../../../testing/shopper';
import WithdrawScreen from './withdraw-screen';

const info: WithdrawInfo = {
  balance: 5_000,
  serviceChargeBp: 100,
  minAmount: 100,
  networks: [{ id: 1, name: 'USDT-TRC20' }],
};

const withdrawn = () => jsonResponse(envelope({ record: { id: 9 }, balance: 3_000 }, 1, 'Withdrawal Success'));

const serve = (withdraw: () => Response = withdrawn, who: UserInfo = walletShopper) =>
  fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/user/getUserInfo') return jsonResponse(envelope(who));
    if (path === '/api/user/extract' && request.method === 'GET') return jsonResponse(envelope(info));
    if (path === '/api/user/extract') return withdraw();
    throw new Error(`unexpected ${request.method} ${path}`);
  });

afterEach(() => jest.restoreAllMocks());
const openWithdraw = () => openWalletForm(<WithdrawScreen />, '/withDraw');

/** Names the bank card (Test Bank) the money goes to and presses Withdraw. */
const withdrawToBank = async (person: ReturnType<typeof setupPerson>, cardNo = '4111111111111111') => {
  await person.type(screen.getByLabelText('Bank card number'), cardNo);
  await person.type(screen.getByLabelText('Bank name'), 'Test Bank');
  await person.click(screen.getByRole('button', { name: 'Withdraw' }));
};

describe('/withDraw', () => {
  it.each([
    ['', 'Withdrawal amount cannot be less than or equal to 0 or empty'],
    ['0', 'Withdrawal amount cannot be less than or equal to 0 or empty'],
    ['50.01', 'Withdrawal amount cannot be larger than balance'],
  ])('amount "%s" says "%s" and sends nothing', async (amount, message) => {
    const { requests } = serve();
    await openWithdraw();
    if (amount) await setupPerson().type(screen.getByLabelText('Withdrawal amount ($)'), amount);
    await setupPerson().click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the service charge and the actual arrival before confirming, then sends the payment code', async () => {
    const { requests } = serve();
    const person = await openWithdraw();
    await person.type(screen.getByLabelText('Withdrawal amount ($)'), '20.50');
    expect(screen.getByText('$0.21')).toBeInTheDocument();
    expect(screen.getByText('$20.29')).toBeInTheDocument();
    await withdrawToBank(person);
    const confirmation = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    await person.type(within(confirmation).getByLabelText('Payment code'), '123456');
    await person.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal Success')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toMatchObject({
      drawType: 'bank',
      drawAmount: 2_050,
      bankCardNo: '4111111111111111',
      bankName: 'Test Bank',
      paymentCode: '123456',
    });
  });

  it('withdraws on-chain to the chosen network and address', async () => {
    const { requests } = serve();
    const person = await openWithdraw();
    await person.click(screen.getByRole('radio', { name: 'On-chain' }));
    await person.type(screen.getByLabelText('Withdrawal amount ($)'), '10');
    await person.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Please choose charge network')).toBeInTheDocument();
    await person.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    await person.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Please fill in the withdrawal address')).toBeInTheDocument();
    await person.type(screen.getByLabelText('Receiving address'), 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy');
    await person.click(screen.getByRole('button', { name: 'Withdraw' }));
    await person.type(await screen.findByLabelText('Payment code'), '123456');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal Success')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/depositRecord');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(await posts[0]!.json()).toEqual({
      drawType: 'onChain',
      drawAmount: 1_000,
      network: 1,
      address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
      paymentCode: '123456',
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
  });

  it('a wrong payment code keeps the popup open with the attempts left, and the retry keeps its request id', async () => {
    let attempt = 0;
    const { requests } = serve(() =>
      ++attempt === 1
        ? jsonResponse(envelope({ reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 }, 0, 'Pay Fail'))
        : withdrawn(),
    );
    const person = await openWithdraw();
    await person.type(screen.getByLabelText('Withdrawal amount ($)'), '5');
    await withdrawToBank(person, '4111 1111 1111 1111');
    await person.type(await screen.findByLabelText('Payment code'), '654321');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Pay Fail')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('4 attempts left before paying is locked');
    await person.type(screen.getByLabelText('Payment code'), '123456');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal Success')).toBeInTheDocument();
    const bodies = (await Promise.all(requests.filter((r) => r.method === 'POST').map((r) => r.json()))) as {
      paymentCode: string;
      requestId: string;
    }[];
    expect(bodies.map((b) => b.paymentCode)).toEqual(['654321', '123456']);
    expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId);
  });

  it('with no payment code set, asks to go to settings instead of withdrawing', async () => {
    const { requests } = serve(withdrawn, { ...walletShopper, hasPaymentCode: false });
    const person = await openWithdraw();
    await person.type(screen.getByLabelText('Withdrawal amount ($)'), '5');
    await withdrawToBank(person);
    const dialog = await screen.findByRole('dialog', { name: 'Please set your payment code in settings first' });
    expect(dialog).toHaveTextContent('Please set your payment code in settings first');
    expect(screen.queryByLabelText('Payment code')).not.toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Go to settings' }));
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/changePayPwd');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says inline that an amount exceeds the balance, before any submit', async () => {
    serve();
    await openWithdraw();
    const field = screen.getByLabelText('Withdrawal amount ($)');
    await setupPerson().type(field, '50.01');
    expect(await screen.findByRole('alert')).toHaveTextContent('This exceeds your balance');
    await setupPerson().clear(field);
    await setupPerson().type(field, '50');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('"Withdraw all" fills the whole balance and shows the charge taken out of it', async () => {
    const { requests } = serve();
    const person = await openWithdraw();
    await person.click(screen.getByRole('button', { name: 'Withdraw all' }));
    expect(screen.getByLabelText('Withdrawal amount ($)')).toHaveValue('50.00');
    const summary = screen.getByLabelText('Service charge and arrival');
    expect(summary).toHaveTextContent('Service charge$0.50');
    expect(summary).toHaveTextContent('Actual arrival$49.50');
    await withdrawToBank(person);
    const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    // The payment-code sheet shows the balance it comes from and a way out for a forgotten code.
    expect(sheet).toHaveTextContent('Balance $50.00');
    expect(within(sheet).getByRole('link', { name: 'Forgot payment code?' })).toHaveAttribute('href', '/changePayPwd');
    await person.type(within(sheet).getByLabelText('Payment code'), '123456');
    await person.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal Success')).toBeInTheDocument();
    expect(await requests.find((r) => r.method === 'POST')!.json()).toMatchObject({ drawAmount: 5_000 });
  });
});
