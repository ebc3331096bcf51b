import { screen } from '@testing-library/react';
import { envelope, fakeFetch, jsonResponse } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { openWalletForm, setupPerson, walletShopper } from '../../../testing/shopper';
import CardTopUpScreen from './card-top-up-screen';

/** A server whose card top-up answers `recharge` (the default: credited, balance $75.00). */
const serve = (
  recharge: (request: Request) => Response | Promise<Response> = () =>
    jsonResponse(envelope({ record: { id: 3 }, balance: 7_500 }, 1, 'Top-up successful')),
  cardSandbox = true,
) =>
  fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/user/getUserInfo') return jsonResponse(envelope(walletShopper));
    if (path === '/api/user/getBlockchain') return jsonResponse(envelope({ channels: [], cardSandbox }));
    if (path === '/api/user/recharge' && request.method === 'POST') return recharge(request);
    throw new Error(`unexpected ${request.method} ${path}`);
  });

afterEach(() => jest.restoreAllMocks());

const fill = async (person: ReturnType<typeof setupPerson>, card: string) => {
  await person.type(screen.getByLabelText('Amount ($)'), '25');
  await person.type(screen.getByLabelText('Card number'), card);
  await person.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
  await person.type(screen.getByLabelText('Security code (CVC)'), '123');
};

describe('/cardTopUp', () => {
  it('asks for a correct amount first, then a correct card number (Luhn), sending nothing', async () => {
    const { requests } = serve();
    const person = await openWalletForm(<CardTopUpScreen />, '/cardTopUp');
    await person.click(screen.getByRole('button', { name: 'Top up now' }));
    expect(await screen.findByText('Please fill correct amount')).toBeInTheDocument();
    await fill(person, '4242424242424241');
    await person.click(screen.getByRole('button', { name: 'Top up now' }));
    expect(await screen.findByText('Please fill correct card number')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the card number in groups of four', async () => {
    serve();
    await renderScreen(<CardTopUpScreen />, { path: '/cardTopUp' });
    await setupPerson().type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  });

  it('types the expiry on a numeric keypad and inserts the slash: "1229" → "12/29"', async () => {
    serve();
    await renderScreen(<CardTopUpScreen />, { path: '/cardTopUp' });
    const expiry = screen.getByLabelText('Expiry date (MM/YY)');
    expect(expiry).toHaveAttribute('inputmode', 'numeric');
    await setupPerson().type(expiry, '1229');
    expect(expiry).toHaveValue('12/29');
  });

  it('lists the sandbox test cards only while the sandbox acquirer is on', async () => {
    serve(undefined, false);
    const { unmount } = await renderScreen(<CardTopUpScreen />, { path: '/cardTopUp' });
    await screen.findByText('$50.00');
    expect(screen.queryByRole('region', { name: 'Sandbox test cards' })).not.toBeInTheDocument();
    unmount();
    jest.restoreAllMocks();
    serve();
    await renderScreen(<CardTopUpScreen />, { path: '/cardTopUp' });
    const note = await screen.findByRole('region', { name: 'Sandbox test cards' });
    expect(note).toHaveTextContent('4242 4242 4242 4242: succeeds');
    expect(note).toHaveTextContent('4000 0000 0000 0002: declined');
  });

  it('sends the card top-up, toasts "Top-up successful" and shows the new balance', async () => {
    const { requests } = serve();
    const person = await openWalletForm(<CardTopUpScreen />, '/cardTopUp');
    await fill(person, '4242 4242 4242 4242');
    await person.click(screen.getByRole('button', { name: 'Top up now' }));
    expect(await screen.findByText('Top-up successful')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Credited. New balance: $75.00');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = (await posts[0]!.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      method: 'card',
      amount: 2_500,
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: 2034,
      cvc: '123',
    });
    expect(body.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('shows the server reason of a declined card and credits nothing', async () => {
    serve(() =>
      jsonResponse(envelope(null, 0, 'Your card was declined. Nothing was charged; please use another card')),
    );
    const person = await openWalletForm(<CardTopUpScreen />, '/cardTopUp');
    await fill(person, '4000000000000002');
    await person.click(screen.getByRole('button', { name: 'Top up now' }));
    expect(
      await screen.findByText('Your card was declined. Nothing was charged; please use another card'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends a declined card and the next card as two attempts (fresh request id), a lost answer as one', async () => {
    const outcomes: (() => Response)[] = [
      () => jsonResponse(envelope(null, 0, 'Your card was declined. Nothing was charged; please use another card')),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => jsonResponse(envelope({ record: { id: 4 }, balance: 7_500 }, 1, 'Top-up successful')),
    ];
    const { requests } = serve(() => outcomes.shift()!());
    const person = await openWalletForm(<CardTopUpScreen />, '/cardTopUp');
    await fill(person, '4000000000000002');
    await person.click(screen.getByRole('button', { name: 'Top up now' }));
    await screen.findByText('Your card was declined. Nothing was charged; please use another card');
    const cardField = screen.getByLabelText('Card number');
    await person.clear(cardField);
    await person.type(cardField, '4242424242424242');
    await person.click(screen.getByRole('button', { name: 'Top up now' }));
    await screen.findByText(/connection|network|internet/i);
    // The repeat guard (requirements §12.4) refuses the same body within a second; a shopper retries after it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await person.click(screen.getByRole('button', { name: 'Top up now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Credited. New balance: $75.00');
    const ids = await Promise.all(
      requests
        .filter((r) => r.method === 'POST')
        .map(async (r) => ((await r.json()) as { requestId: string }).requestId),
    );
    expect(ids).toHaveLength(3);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[1]);
  });
});
