import { screen, within } from '@testing-library/react';
import { fakeApi, ok, resetBrowser, fail } from '../../../testing/fake-api';
import { orderDetail } from '../../../testing/order-detail';
import { renderScreen, signedIn } from '../../../testing/render-screen';
import OrderDetailScreen from './order-detail-screen';

const open = (id = '9') =>
  renderScreen(<OrderDetailScreen />, { path: `/orderInfo/${id}`, route: '/orderInfo/:id?', session: signedIn() });

describe('/orderInfo/:id', () => {
  beforeEach(resetBrowser);

  it('shows status, address, items and the amounts (subtotal, freight, discount, total)', async () => {
    const { calls } = fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();

    // Shipped, not yet delivered: the header says so, with the carrier and tracking number.
    const status = await screen.findByRole('region', { name: 'Order status' });
    expect(status).toHaveTextContent('Shipped');
    expect(status).not.toHaveTextContent('Delivered');
    expect(status).toHaveTextContent('DHL, tracking number DH123');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('Mei Chen');
    const items = screen.getByRole('region', { name: 'Products' });
    expect(items).toHaveTextContent('Trail tent');
    expect(items).toHaveTextContent('colour: green');
    expect(items).toHaveTextContent('Subtotal$40.00Freight$5.00Discount (SAVE10)−$10.00Total$35.00');
    expect(calls[0]?.search.get('id')).toBe('9');
  });

  it('says "Delivered" once the delivery is recorded', async () => {
    const shipped = orderDetail();
    fakeApi({
      'GET /api/order/detail': ok({
        ...shipped,
        logistics: [
          {
            kind: 'delivered' as const,
            text: 'Delivered',
            carrier: null,
            trackingNo: null,
            createdAt: '2026-03-04T09:00:00.000Z',
          },
          ...shipped.logistics,
        ],
      }),
    });
    await open();
    expect(await screen.findByRole('region', { name: 'Order status' })).toHaveTextContent(/^Delivered/);
  });

  it('shows the logistics timeline, newest first, with carrier and tracking number', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    const logistics = await screen.findByRole('region', { name: 'Logistics' });
    expect(logistics).toHaveTextContent('DHL, tracking number DH123');
    const steps = logistics.querySelectorAll('.adm-step-title');
    expect([...steps].map((step) => step.textContent)).toEqual([
      'Shipped by DHL, tracking number DH123',
      'Payment received',
    ]);
  });

  it('offers the actions the server allows', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    await screen.findByRole('region', { name: 'Products' });
    expect(screen.getByRole('button', { name: 'Confirm receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('links Refund with the order id, number, products and amount', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    (await screen.findByRole('button', { name: 'Refund' })).click();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/refund/9/M2026009/5/3500');
  });

  it('shows a refused refund with the operator’s reason', async () => {
    fakeApi({
      'GET /api/order/detail': ok(
        orderDetail({
          refund: {
            refundType: 'refund',
            refundAmount: 3_500,
            productStatus: 'received',
            reason: 'Broken',
            explain: 'Torn',
            attachmentUrl: '/api/upload/up-1',
            attachmentUrls: ['/api/upload/up-1'],
            state: 'refused',
            decisionReason: 'The photo shows no damage',
            createdAt: '2026-03-03T10:00:00.000Z',
            decidedAt: '2026-03-04T10:00:00.000Z',
          },
        }),
      ),
    });
    await open();
    const refund = await screen.findByRole('region', { name: 'Refund request' });
    expect(refund).toHaveTextContent('Refused');
    expect(within(refund).getByRole('note')).toHaveTextContent('Refused: The photo shows no damage');
    expect(refund).toHaveTextContent('Refund without return');
    // The request as it was sent: explanation and proof picture, and its steps in the timeline.
    expect(refund).toHaveTextContent('ExplanationTorn');
    expect(within(refund).getByRole('img', { name: 'Refund proof picture' })).toHaveAttribute(
      'src',
      // A 72 px thumbnail: the smallest step (docs/decisions/0005-installable-offline.md, pictureUrl); the link opens the original.
      '/api/upload/up-1?w=160',
    );
    const steps = screen.getByRole('region', { name: 'Logistics' }).querySelectorAll('.adm-step-title');
    expect([...steps].map((step) => step.textContent)).toEqual([
      'Refund refused',
      'Refund requested',
      'Shipped by DHL, tracking number DH123',
      'Payment received',
    ]);
  });

  it('shows every proof picture of a pending request, each a link, and the request step with its time', async () => {
    const urls = ['/api/upload/p1', '/api/upload/p2', '/api/upload/p3'];
    fakeApi({
      'GET /api/order/detail': ok(
        orderDetail({
          status: -3,
          refund: {
            refundType: 'return',
            refundAmount: 1_250,
            productStatus: 'notReceived',
            reason: 'Wrong colour',
            explain: 'Ordered green, got red',
            attachmentUrl: urls[0]!,
            attachmentUrls: urls,
            state: 'pending',
            decisionReason: '',
            createdAt: '2026-03-03T10:00:00.000Z',
            decidedAt: null,
          },
        }),
      ),
    });
    await open();
    const refund = await screen.findByRole('region', { name: 'Refund request' });
    expect(refund).toHaveTextContent('Waiting for the platform to decide');
    expect(refund).toHaveTextContent('Refund with return');
    expect(refund).toHaveTextContent('$12.50');
    expect(refund).toHaveTextContent('ReasonWrong colour');
    expect(refund).toHaveTextContent('ExplanationOrdered green, got red');
    expect(
      within(refund)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual(urls.map((url, i) => [`Refund proof picture ${i + 1} of 3`, `${url}?w=160`]));
    expect(within(refund).getByRole('link', { name: 'Open proof picture 2 of 3' })).toHaveAttribute('href', urls[1]);
    const logistics = screen.getByRole('region', { name: 'Logistics' });
    const titles = [...logistics.querySelectorAll('.adm-step-title')].map((step) => step.textContent);
    expect(titles[0]).toBe('Refund requested');
    expect(titles).not.toContain('Refund agreed');
    expect(logistics.querySelector('.adm-step-description')?.textContent).toBe('3/3/2026, 10:00:00 AM');
  });

  it('copies the order number with a 44 px button: "Copied"', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open();
    (await screen.findByRole('button', { name: 'Copy order number' })).click();
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('M2026009');
  });

  it('says the order does not exist when the server refuses it', async () => {
    fakeApi({ 'GET /api/order/detail': fail('This order does not exist') });
    await open('12');
    expect(await screen.findByRole('alert')).toHaveTextContent('This order does not exist');
  });
});
