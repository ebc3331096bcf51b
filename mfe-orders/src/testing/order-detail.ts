import type { OrderDetail } from '@marketplace/shared/contracts';

/** Two green trail tents from Sunrise Outdoor, the line of the test orders and bags. */
export const trailTent = {
  productId: 5,
  title: 'Trail tent',
  image: '/api/images/product/5.svg',
  spec: { colour: 'green' },
  unitPrice: 2_000,
  quantity: 2,
  subtotal: 4_000,
} satisfies OrderDetail['items'][number];

/** A paid, delivered order of one product, as `GET /api/order/detail` returns it. */
export const orderDetail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 9,
  orderNo: 'M2026009',
  status: 2,
  shopId: 3,
  shopName: 'Sunrise Outdoor',
  items: [trailTent],
  quantity: 2,
  subtotal: 4_000,
  freight: 500,
  discount: 1_000,
  promoCode: 'SAVE10',
  total: 3_500,
  address: { addressee: 'Mei Chen', mobilePhone: '+1 555 0100', area: 'Springfield', detailedAddress: '1 Main St' },
  carrier: 'DHL',
  trackingNo: 'DH123',
  logistics: [
    {
      kind: 'shipped',
      text: 'Shipped by DHL, tracking number DH123',
      carrier: 'DHL',
      trackingNo: 'DH123',
      createdAt: '2026-03-02T10:00:00.000Z',
    },
    { kind: 'paid', text: 'Payment received', carrier: null, trackingNo: null, createdAt: '2026-03-01T10:05:00.000Z' },
  ],
  refund: null,
  comment: null,
  actions: ['confirm', 'refund'],
  createdAt: '2026-03-01T10:00:00.000Z',
  paidAt: '2026-03-01T10:05:00.000Z',
  ...overrides,
});
