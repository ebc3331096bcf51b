import { screen, waitFor, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { CheckoutPreview, CheckoutPreviewBody } from '@marketplace/shared/contracts';
import { fail, fakeApi, ok, resetBrowser } from '../../../testing/fake-api';
import { demoUser, renderScreen, signedIn } from '../../../testing/render-screen';
import { trailTent } from '../../../testing/order-detail';
import CheckoutScreen from './checkout-screen';

const address = {
  id: 7,
  addressee: 'Mei Chen',
  mobilePhone: '+1 555 0100',
  area: 'Springfield',
  detailedAddress: '1 Main St',
  tag: 'home',
  isDefault: true,
};

/** The server's preview: two items of one shop; SAVE10 takes $10 off. */
const previewOf = (body: CheckoutPreviewBody, withAddress = true): CheckoutPreview => {
  const discount = body.promoCode === 'SAVE10' ? 1_000 : 0;
  return {
    groups: [
      {
        shopId: 3,
        shopName: 'Sunrise Outdoor',
        items: [{ bagItemId: 11, ...trailTent, stock: 9 }],
        freight: 500,
        subtotal: 4_000,
      },
    ],
    promo: discount ? { code: 'SAVE10', discount } : null,
    address: withAddress ? address : null,
    subtotal: 4_000,
    freight: 500,
    discount,
    total: 4_500 - discount,
  };
};

const previewRoute =
  (withAddress = true) =>
  (body: unknown) => {
    const asked = body as CheckoutPreviewBody;
    if (asked.promoCode && asked.promoCode !== 'SAVE10') return fail('This promo code does not exist');
    return ok(previewOf(asked, withAddress));
  };

// antd-mobile's popups animate in with pointer-events off; jsdom never finishes the animation.
const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const summary = () => screen.getByRole('region', { name: 'Order summary' });

/** The server's answer to creating the order of bag item 11: order 41 of $45.00. */
const created = () => ok({ orders: [{ id: 41, orderNo: 'M41', total: 4_500 }], total: 4_500 });

/** Opens the checkout of bag item 11 once its shop's order shows. */
const openCheckout = async (session = signedIn()) => {
  await renderScreen(<CheckoutScreen />, { path: '/checkout?items=11', session });
  await screen.findByRole('region', { name: 'Order from Sunrise Outdoor' });
};

/** Submits the order; the payment popup that opens. */
const submitOrder = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
  return screen.findByRole('form', { name: 'Pay with balance' });
};

describe('/checkout', () => {
  beforeEach(resetBrowser);

  it('with nothing selected says "Please select item to checkout" and asks nothing', async () => {
    const { calls } = fakeApi({});
    await renderScreen(<CheckoutScreen />, { path: '/checkout', session: signedIn() });
    expect(screen.getByText('Please select item to checkout')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('previews the bag items of the URL: one order per shop, freight, the default address and the total', async () => {
    const { sentTo } = fakeApi({ 'POST /api/order/preview': previewRoute() });
    await renderScreen(<CheckoutScreen />, { path: '/checkout?items=11,12', session: signedIn() });

    const shop = await screen.findByRole('region', { name: 'Order from Sunrise Outdoor' });
    expect(shop).toHaveTextContent('Trail tent');
    expect(shop).toHaveTextContent('colour: green');
    expect(shop).toHaveTextContent('$20.00 × 2');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('Mei Chen');
    expect(summary()).toHaveTextContent('Subtotal$40.00Freight$5.00Discount−$0.00Total$45.00');
    expect(sentTo('POST', '/api/order/preview')[0]?.body).toEqual({ items: [11, 12] });
  });

  it('sends "Buy now" as buyNow with the product, quantity and spec of the URL', async () => {
    const { sentTo } = fakeApi({ 'POST /api/order/preview': previewRoute() });
    const spec = encodeURIComponent(JSON.stringify({ colour: 'green' }));
    await renderScreen(<CheckoutScreen />, {
      path: `/checkout?product=5&quantity=2&spec=${spec}`,
      session: signedIn(),
    });
    await screen.findByRole('region', { name: 'Order from Sunrise Outdoor' });
    expect(sentTo('POST', '/api/order/preview')[0]?.body).toEqual({
      buyNow: { productId: 5, quantity: 2, spec: { colour: 'green' } },
    });
  });

  it('uses the address chosen on /address?select=1 and links there to change it', async () => {
    const { sentTo } = fakeApi({ 'POST /api/order/preview': previewRoute() });
    await renderScreen(<CheckoutScreen />, {
      path: '/checkout?items=11',
      session: signedIn(demoUser, { chosenAddressId: 7 }),
    });
    await screen.findByRole('region', { name: 'Order from Sunrise Outdoor' });
    expect(sentTo('POST', '/api/order/preview')[0]?.body).toEqual({ items: [11], addressId: 7 });
    expect(screen.getByRole('link', { name: 'Change address' })).toHaveAttribute('href', '/address?select=1');
  });

  it('applies a promo code the server accepts and shows the discount', async () => {
    const { sentTo } = fakeApi({ 'POST /api/order/preview': previewRoute() });
    await openCheckout();

    await userEvent.type(screen.getByLabelText('Promo code'), 'SAVE10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(/Promo code SAVE10 applied/)).toHaveTextContent('−$10.00');
    expect(summary()).toHaveTextContent('Total$35.00');
    expect(sentTo('POST', '/api/order/preview').at(-1)?.body).toEqual({ items: [11], promoCode: 'SAVE10' });
  });

  it('shows the server message for a rejected promo code and goes on without it', async () => {
    const { sentTo } = fakeApi({ 'POST /api/order/preview': previewRoute() });
    await openCheckout();

    await userEvent.type(screen.getByLabelText('Promo code'), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('This promo code does not exist')).toBeInTheDocument();
    await waitFor(() => expect(sentTo('POST', '/api/order/preview')).toHaveLength(3));
    const bodies = sentTo('POST', '/api/order/preview').map((call) => call.body);
    expect(bodies).toEqual([{ items: [11] }, { items: [11], promoCode: 'NOPE' }, { items: [11] }]);
    expect(summary()).toHaveTextContent('Total$45.00');
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
  });

  it('without an address says "Please choose shipping address" on submit and creates nothing', async () => {
    const { sentTo } = fakeApi({ 'POST /api/order/preview': previewRoute(false) });
    await openCheckout();
    expect(screen.getByRole('link', { name: 'Choose address' })).toHaveAttribute('href', '/address?select=1');

    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));

    expect(await screen.findByText('Please choose shipping address')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/create')).toHaveLength(0);
  });

  it('creates the orders ("Create Order Success"), pays with the payment code ("Pay Success") and opens the payment result', async () => {
    const { sentTo } = fakeApi({
      'POST /api/order/preview': previewRoute(),
      'POST /api/order/create': ok(
        { orders: [{ id: 41, orderNo: 'M41', total: 4_500 }], total: 4_500 },
        'Create Order Success',
      ),
      'POST /api/order/pay': ok({ orders: [], total: 4_500, balance: 95_500 }, 'Pay Success'),
    });
    await openCheckout();

    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(await screen.findByText('Create Order Success')).toBeInTheDocument();
    const popup = await screen.findByRole('dialog', { name: 'Pay with balance' });
    expect(popup).toHaveTextContent('$45.00');

    await userEvent.type(within(popup).getByLabelText('Payment code'), '123456');
    await userEvent.click(within(popup).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Pay Success')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/payResult/41');
    expect(sentTo('POST', '/api/order/create')[0]?.body).toEqual({ items: [11], addressId: 7 });
    expect(sentTo('POST', '/api/order/pay')[0]?.body).toEqual({ orderIds: [41], paymentCode: '123456' });
  });

  it('on a wrong payment code shows "Pay Fail" and the attempts left, and stays to try again', async () => {
    fakeApi({
      'POST /api/order/preview': previewRoute(),
      'POST /api/order/create': created(),
      'POST /api/order/pay': fail('Pay Fail', { reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 }),
    });
    await openCheckout();
    const popup = await submitOrder();

    await userEvent.type(within(popup).getByLabelText('Payment code'), '654321');
    await userEvent.click(within(popup).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Pay Fail')).toBeInTheDocument();
    expect(await within(popup).findByRole('alert')).toHaveTextContent('4 attempts left before paying is locked');
    expect(within(popup).getByLabelText('Payment code')).toHaveValue('');
    expect(screen.queryByRole('status', { name: 'location' })).not.toBeInTheDocument();
  });

  it('rejects a payment code that is not at least 6 digits without sending it', async () => {
    const { sentTo } = fakeApi({
      'POST /api/order/preview': previewRoute(),
      'POST /api/order/create': created(),
    });
    await openCheckout();
    const popup = await submitOrder();

    await userEvent.type(within(popup).getByLabelText('Payment code'), '12a3');
    await userEvent.click(within(popup).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Payment code must be digits only, at least 6')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/pay')).toHaveLength(0);
  });

  it('with no payment code set leads to /changePayPwd instead of asking for it', async () => {
    fakeApi({
      'POST /api/order/preview': previewRoute(),
      'POST /api/order/create': created(),
    });
    await openCheckout(signedIn({ ...demoUser, hasPaymentCode: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));

    const dialog = await screen.findByRole('dialog', { name: 'No payment code' });
    expect(dialog).toHaveTextContent('Paying needs a payment code. Set one in settings first.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to settings' }));
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/changePayPwd');
    expect(screen.queryByRole('form', { name: 'Pay with balance' })).not.toBeInTheDocument();
  });
});
