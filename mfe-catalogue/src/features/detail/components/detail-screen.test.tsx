import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSucceeded } from '@marketplace/shared';
import type { Bag, ProductDetail } from '@marketplace/shared/contracts';
import { envelope, fakeFetch, jsonResponse, resetBrowserState } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import DetailScreen from './detail-screen';

const product: ProductDetail = {
  id: 42,
  title: 'Trail tent',
  image: '/api/images/product/42.svg',
  images: ['/api/images/product/42.svg', '/api/images/product/42-2.svg'],
  unitPrice: 12_999,
  sold: 17,
  seen: 250,
  stock: 3,
  shopId: 7,
  shopName: 'Sunrise Outdoor',
  category: 'outdoors',
  description: 'Sleeps two.',
  specs: [
    { name: 'Colour', options: ['Green', 'Sand'] },
    { name: 'Size', options: ['2P', '3P'] },
  ],
  recommend: [],
  shop: {
    id: 7,
    name: 'Sunrise Outdoor',
    logo: '/api/images/shop/7.svg',
    sales: 120,
    fans: 33,
    favorableRate: 98,
    totalSales: 1_234_500,
    supportDays: 4,
    followed: false,
  },
  saved: false,
  rating: { count: 2, productScore: 4.5, serviceScore: 5, postageScore: 4 },
};

const emptyBag: Bag = { shops: [], selectedTotal: 0, selectedCount: 0 };

const serveDetail = () =>
  fakeFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/catalogue/product')) return jsonResponse(envelope(product));
    if (path.endsWith('/catalogue/product_comments')) {
      return jsonResponse(envelope({ list: [], total: 0, page: 1, pageSize: 5 }));
    }
    return jsonResponse(envelope(emptyBag));
  });

const openDetail = async ({ signedIn = true } = {}) => {
  const rendered = await renderScreen(<DetailScreen />, { path: '/detail/42', route: '/detail/:product?/:mer?' });
  if (signedIn) rendered.store.dispatch(loginSucceeded('shopper-token'));
  await screen.findByRole('heading', { name: 'Trail tent' });
  // Choosing and buying, the shop and the rest come in a background render after the title card.
  await screen.findByRole('button', { name: 'Add to bag' });
  return rendered;
};

afterEach(() => {
  jest.restoreAllMocks();
  resetBrowserState();
});

describe('Product detail', () => {
  it('shows price, stock, sold, seen, the shop and the rating summary', async () => {
    serveDetail();
    await openDetail();

    expect(screen.getByText('$129.99')).toBeInTheDocument();
    expect(screen.getByText('Stock 3')).toBeInTheDocument();
    expect(screen.getByText('17 sold')).toBeInTheDocument();
    expect(screen.getByText('Seen 250 times')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Sunrise Outdoor/ })).toHaveAttribute('href', '/shop/7');
    expect(screen.getByRole('heading', { name: 'Ratings (2)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture 1 of Trail tent' })).toHaveAttribute('width', '390');
  });

  it('shows the first picture at once, then every picture in the swipeable gallery', async () => {
    serveDetail();
    await openDetail();
    expect(screen.getByRole('img', { name: 'Picture 1 of Trail tent' })).toHaveAttribute(
      'src',
      '/api/images/product/42.svg',
    );
    // The Swiper's code comes in its own chunk and then takes the first picture's place.
    const gallery = await screen.findByLabelText('Product pictures');
    expect(within(gallery).getByRole('img', { name: 'Picture 1 of Trail tent' })).toBeInTheDocument();
    expect(within(gallery).getByRole('img', { name: 'Picture 2 of Trail tent' })).toHaveAttribute(
      'src',
      '/api/images/product/42-2.svg',
    );
    expect(screen.getAllByRole('img', { name: 'Picture 1 of Trail tent' })).toHaveLength(1);
  });

  it('asks for every spec before adding to the bag', async () => {
    const { requests } = serveDetail();
    await openDetail();

    await userEvent.click(screen.getByRole('radio', { name: 'Sand' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to bag' }));

    expect(await screen.findByText('Please choose Size')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/bag/add'))).toBe(false);
  });

  it('adds the chosen spec and quantity to the bag, never more than the stock', async () => {
    const { requests } = serveDetail();
    await openDetail();
    await userEvent.click(screen.getByRole('radio', { name: 'Green' }));
    await userEvent.click(screen.getByRole('radio', { name: '3P' }));
    const quantity = screen.getByRole('group', { name: 'Quantity' });
    const increase = within(quantity).getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(increase);
    await userEvent.click(increase);
    expect(increase).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add to bag' }));

    expect(await screen.findByText('Added to bag')).toBeInTheDocument();
    const add = requests.find((r) => r.url.endsWith('/bag/add'));
    expect(await add?.json()).toEqual({ productId: 42, spec: { Colour: 'Green', Size: '3P' }, quantity: 3 });
  });

  it('"Buy now" hands product, quantity and spec to /checkout', async () => {
    serveDetail();
    await openDetail();
    await userEvent.click(screen.getByRole('radio', { name: 'Sand' }));
    await userEvent.click(screen.getByRole('radio', { name: '2P' }));

    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));

    const location = screen.getByRole('status', { name: 'location' }).textContent ?? '';
    const query = new URLSearchParams(location.split('?')[1]);
    expect(location.startsWith('/checkout?')).toBe(true);
    expect(query.get('product')).toBe('42');
    expect(query.get('quantity')).toBe('1');
    expect(JSON.parse(query.get('spec') ?? '')).toEqual({ Colour: 'Sand', Size: '2P' });
  });

  it('sends a guest to /login with "Please login first" instead of adding, and back here after signing in', async () => {
    const { requests } = serveDetail();
    await openDetail({ signedIn: false });
    await userEvent.click(screen.getByRole('radio', { name: 'Sand' }));
    await userEvent.click(screen.getByRole('radio', { name: '2P' }));

    await userEvent.click(screen.getByRole('button', { name: 'Add to bag' }));

    // Back to this product once signed in, as the shell's guard does for a guarded page.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/login?redirect=%2Fdetail%2F42'),
    );
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/bag/add'))).toBe(false);
  });
});
