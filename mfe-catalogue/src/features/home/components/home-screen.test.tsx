import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeFetch, ok, resetBrowserState } from '@marketplace/shared/testing';
import { emptyPage, productCard, shopCard } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render-screen';
import HomeScreen from './home-screen';

const shop = shopCard;
const product = productCard;

beforeEach(() => {
  fakeApi({}, { otherwise: emptyPage });
});

afterEach(() => {
  jest.restoreAllMocks();
  resetBrowserState();
});

describe('Home', () => {
  it('links each of the ten spec categories to its product list', async () => {
    await renderScreen(<HomeScreen />, { path: '/home' });

    const categories = screen.getByRole('region', { name: 'Shop by category' });
    const links = Array.from(categories.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Computer', '/products?category=computer'],
      ['Electrical equipment', '/products?category=electrical'],
      ['Outdoors', '/products?category=outdoors'],
      ['Family life', '/products?category=familyLife'],
      ['Health', '/products?category=health'],
      ["Men's clothing", '/products?category=menClothing'],
      ["Women's clothing", '/products?category=womenClothing'],
      ['Food', '/products?category=food'],
      ['Mobile phone', '/products?category=mobilePhone'],
      ['Toys', '/products?category=toys'],
    ]);
    expect(screen.getByRole('link', { name: "Men's clothing" })).toBeInTheDocument();
    // Each category draws an SVG icon, hidden from assistive technology; no emoji anywhere.
    for (const link of categories.querySelectorAll('a')) {
      expect(link.querySelector('.catalogue-category-icon[aria-hidden="true"]')).not.toBeNull();
    }
    expect(document.body.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('names the hot shops placeholder as a status while they load (no name on a plain div)', async () => {
    fakeFetch(() => new Promise<Response>(() => undefined));
    await renderScreen(<HomeScreen />, { path: '/home' });

    const shops = screen.getByRole('region', { name: 'Hot shops' });
    const loading = within(shops).getByRole('status', { name: 'Loading' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
  });

  it('opens the search page from the search entry', async () => {
    await renderScreen(<HomeScreen />, { path: '/home' });

    await userEvent.click(screen.getByRole('button', { name: 'Search products and shops' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/search');
  });

  it('shows the hot shops and the hot products feed', async () => {
    fakeApi(
      { 'GET /api/catalogue/hot_shops': ok({ list: [shop], total: 1, page: 1, pageSize: 10 }) },
      { otherwise: ok({ list: [product], total: 1, page: 1, pageSize: 20 }) },
    );
    await renderScreen(<HomeScreen />, { path: '/home' });

    const shops = screen.getByRole('region', { name: 'Hot shops' });
    expect(await within(shops).findByRole('link', { name: /^Sunrise Outdoor/ })).toHaveAttribute('href', '/shop/7');
    const products = await screen.findByRole('list', { name: 'Hot products' });
    const tile = within(products).getByRole('link', { name: /^Trail tent/ });
    expect(tile).toHaveAttribute('href', '/detail/42');
    expect(tile).toHaveTextContent('$129.99');
    expect(tile.querySelector('img')).toHaveAttribute('width', '180');
  });
});
