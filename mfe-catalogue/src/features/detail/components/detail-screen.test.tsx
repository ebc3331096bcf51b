import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSucceeded } from '@marketplace/shared';
import type { Bag, ProductComment, ProductDetail } from '@marketplace/shared/contracts';
import { fakeApi, ok, resetBrowserState } from '@marketplace/shared/testing';
import { shopCard } from '../../../testing/fixtures';
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
  // Two combinations of their own (docs/decisions/0012-variants-and-stock.md); the others share the {} variant.
  variants: [
    { spec: {}, unitPrice: 12_999, stock: 3 },
    { spec: { Colour: 'Green', Size: '3P' }, unitPrice: 13_999, stock: 1 },
    { spec: { Colour: 'Sand', Size: '3P' }, unitPrice: 14_999, stock: 0 },
  ],
  recommend: [],
  shop: shopCard,
  saved: false,
  rating: { count: 2, productScore: 4.5, serviceScore: 5, postageScore: 4 },
};

/** The sheets and the review list are chunks of their own, loaded on the first tap. */
const SLOW = { timeout: 5_000 };

const emptyBag: Bag = { shops: [], selectedTotal: 0, selectedCount: 0 };

const bagOfTwo: Bag = {
  shops: [
    {
      shopId: 7,
      shopName: 'Sunrise Outdoor',
      selected: false,
      subtotal: 0,
      items: [1, 2].map((id) => ({
        id,
        productId: 40 + id,
        title: `Product ${id}`,
        image: '',
        spec: {},
        unitPrice: 100,
        quantity: 3,
        stock: 5,
        selected: false,
        subtotal: 300,
      })),
    },
  ],
  selectedTotal: 0,
  selectedCount: 0,
};

const review = (id: number, productScore: number, pics: string[]): ProductComment => ({
  id,
  author: `s***${id}`,
  content: `Review number ${id}`,
  productScore,
  serviceScore: 5,
  postageScore: 4,
  pics,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const reviews = [review(3, 5, ['/api/upload/pic-a', '/api/upload/pic-b']), review(2, 4, []), review(1, 2, [])];
const counts = { all: 3, pics: 1, scores: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 1 } };

/** The product, its reviews (filtered like the server) and the bag. */
const serveDetail = (bag: Bag = emptyBag) =>
  fakeApi(
    {
      'GET /api/catalogue/product': ok(product),
      'GET /api/catalogue/product_comments': (_body, search) => {
        const filter = search.get('filter') ?? 'all';
        const list = reviews.filter((r) =>
          filter === 'all' ? true : filter === 'pics' ? r.pics.length > 0 : r.productScore === Number(filter),
        );
        return ok({ list, total: list.length, page: 1, pageSize: 10, counts });
      },
    },
    { otherwise: ok(bag) },
  );

const openDetail = async ({ signedIn = true } = {}) => {
  const rendered = await renderScreen(<DetailScreen />, { path: '/detail/42', route: '/detail/:product?/:mer?' });
  if (signedIn) rendered.store.dispatch(loginSucceeded('shopper-token'));
  await screen.findByRole('heading', { name: 'Trail tent' }, SLOW);
  // Choosing and buying, the shop and the rest come in a background render after the title card.
  await screen.findByRole('button', { name: 'Add to bag' }, SLOW);
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
    expect(screen.getByRole('button', { name: 'Ratings (2) See all' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture 1 of Trail tent' })).toHaveAttribute('width', '390');
  });

  it('shows the first picture at once, then every picture in the swipeable gallery', async () => {
    serveDetail();
    await openDetail();
    expect(screen.getByRole('img', { name: 'Picture 1 of Trail tent' })).toHaveAttribute(
      'src',
      // The gallery's 390 px at 1× (jsdom): the 640 px step (docs/decisions/0005-installable-offline.md, pictureUrl).
      '/api/images/product/42.svg?w=640',
    );
    // The Swiper's code comes in its own chunk and then takes the first picture's place.
    const gallery = await screen.findByLabelText('Product pictures');
    expect(within(gallery).getByRole('img', { name: 'Picture 1 of Trail tent' })).toBeInTheDocument();
    expect(within(gallery).getByRole('img', { name: 'Picture 2 of Trail tent' })).toHaveAttribute(
      'src',
      '/api/images/product/42-2.svg?w=640',
    );
    expect(screen.getAllByRole('img', { name: 'Picture 1 of Trail tent' })).toHaveLength(1);
  });

  it('opens the option sheet (price, stock, specs, quantity) when adding before choosing, and adds from it', async () => {
    const { requests } = serveDetail();
    await openDetail();

    await userEvent.click(screen.getByRole('radio', { name: 'Sand' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to bag' }));

    const sheet = await screen.findByRole('dialog', { name: 'Choose spec and quantity' }, SLOW);
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Please choose Size');
    expect(within(sheet).getByText('$129.99')).toBeInTheDocument();
    expect(within(sheet).getByText('Stock 3')).toBeInTheDocument();
    expect(within(sheet).getByRole('radio', { name: 'Sand' })).toBeChecked();
    expect(requests.some((r) => r.url.includes('/bag/add'))).toBe(false);

    await userEvent.click(within(sheet).getByRole('radio', { name: '2P' }));
    expect(within(sheet).getByText('Chosen: Sand · 2P')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add to bag' }));

    expect(await screen.findByText('Added to bag')).toBeInTheDocument();
    const add = requests.find((r) => r.url.endsWith('/bag/add'));
    expect(await add?.json()).toEqual({ productId: 42, spec: { Colour: 'Sand', Size: '2P' }, quantity: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
  });

  it("shows the chosen combination's own price and stock in the sheet, and a sold-out combination disabled", async () => {
    serveDetail();
    await openDetail();

    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose spec and quantity' }, SLOW);
    await userEvent.click(within(sheet).getByRole('radio', { name: 'Sand' }));
    expect(within(sheet).getByRole('radio', { name: '3P · Sold out' })).toBeDisabled();
    expect(within(sheet).getByRole('radio', { name: '2P' })).toBeEnabled();

    await userEvent.click(within(sheet).getByRole('radio', { name: 'Green' }));
    await userEvent.click(within(sheet).getByRole('radio', { name: '3P' }));
    expect(within(sheet).getByText('$139.99')).toBeInTheDocument();
    expect(within(sheet).getByText('Stock 1')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('radio', { name: '2P' }));
    expect(within(sheet).getByText('$129.99')).toBeInTheDocument();
    expect(within(sheet).getByText('Stock 3')).toBeInTheDocument();
  });

  it('"Buy now" before choosing opens the sheet with "Buy now", which goes to checkout once chosen', async () => {
    serveDetail();
    await openDetail();

    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose spec and quantity' }, SLOW);
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Please choose Colour');
    expect(within(sheet).queryByRole('button', { name: 'Add to bag' })).not.toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('radio', { name: 'Green' }));
    await userEvent.click(within(sheet).getByRole('radio', { name: '3P' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Buy now' }));

    expect(screen.getByRole('status', { name: 'location' }).textContent).toMatch(/^\/checkout\?product=42&quantity=1/);
  });

  it("shows the number of lines in the bag on the bar's bag link, which keeps its name", async () => {
    serveDetail(bagOfTwo);
    await openDetail();
    const bag = screen.getByRole('link', { name: 'Bag' });
    expect(bag).toHaveAttribute('href', '/bag');
    await waitFor(() => expect(bag).toHaveAccessibleDescription('Items in bag: 2'));
    expect(within(bag).getByText('2')).toBeInTheDocument();
  });

  it('"Ratings (2)" opens the review list: scores, filters with counts, reviews with pictures', async () => {
    const { requests } = serveDetail();
    await openDetail();

    await userEvent.click(screen.getByRole('button', { name: 'Ratings (2) See all' }));
    const list = await screen.findByRole('dialog', { name: 'Ratings (2)' }, SLOW);
    expect(await within(list).findByText('Review number 3', {}, SLOW)).toBeInTheDocument();
    expect(within(list).getByText('Product 5 · Service 5 · Postage 4')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Picture 2 from s***3' })).toHaveAttribute(
      'src',
      '/api/upload/pic-b?w=160',
    );
    const filters = within(list).getByRole('radiogroup', { name: 'Filter reviews' });
    expect(within(filters).getByRole('radio', { name: 'All (3)' })).toBeChecked();

    await userEvent.click(within(filters).getByRole('radio', { name: 'With pictures (1)' }));
    await waitFor(() => expect(within(list).queryByText('Review number 2')).not.toBeInTheDocument(), SLOW);
    expect(within(list).getByText('Review number 3')).toBeInTheDocument();
    await userEvent.click(within(filters).getByRole('radio', { name: 'Rated 2 (1)' }));
    expect(await within(list).findByText('Review number 1', {}, SLOW)).toBeInTheDocument();
    expect(within(list).queryByText('Review number 3')).not.toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url).searchParams.get('filter')).filter(Boolean)).toEqual(
      expect.arrayContaining(['all', 'pics', '2']),
    );

    await userEvent.click(within(list).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
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
