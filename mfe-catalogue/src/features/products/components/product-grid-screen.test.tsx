import { screen, within } from '@testing-library/react';
import { fakeApi, ok, resetBrowser } from '@marketplace/shared/testing';
import { emptyPage, productCard, shopCard } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render-screen';
import HeartScreen from './heart-screen';
import PopularScreen from './popular-screen';
import ProductListScreen from './product-list-screen';

const product = productCard;

beforeEach(resetBrowser);

describe('product grid screens', () => {
  it('/heart lists the saved products under its title, asking saved_products page by page', async () => {
    const { sentTo } = fakeApi({
      'GET /api/catalogue/saved_products': ok({ list: [product], total: 1, page: 1, pageSize: 20 }),
    });
    await renderScreen(<HeartScreen />, { path: '/heart' });

    expect(screen.getByRole('heading', { name: 'Saved products', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Saved products' });
    expect(within(list).getByRole('link', { name: /^Trail tent/ })).toHaveAttribute('href', '/detail/42');
    expect(Object.fromEntries(sentTo('GET', '/api/catalogue/saved_products')[0]?.search ?? [])).toEqual({
      page: '1',
      pageSize: '20',
    });
  });

  it("/popular lists the most viewed products, with the list's own text when there are none", async () => {
    fakeApi({ 'GET /api/catalogue/popular': emptyPage });
    await renderScreen(<PopularScreen />, { path: '/popular' });

    expect(screen.getByRole('heading', { name: 'Popular', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  it('/searchs shows the shop the keyword names above its products, linking to the shop; the filter link is named', async () => {
    fakeApi({
      'GET /api/catalogue/products': ok({ list: [product], total: 1, page: 1, pageSize: 20, shop: shopCard }),
    });
    await renderScreen(<ProductListScreen />, { path: '/searchs?keyword=Sunrise%20Outdoor' });

    const card = await screen.findByRole('region', { name: 'Shop matching your search' });
    expect(within(card).getByRole('link', { name: /^Sunrise Outdoor/ })).toHaveAttribute('href', '/shop/7');
    const results = await screen.findByRole('list', { name: '“Sunrise Outdoor”' });
    // The card comes first in the document, then the products.
    expect(card.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Filter' })).toHaveAttribute('href', expect.stringMatching(/^\/filter\?/));
  });

  it('/searchs shows no shop card when the keyword names none', async () => {
    fakeApi({ 'GET /api/catalogue/products': ok({ list: [product], total: 1, page: 1, pageSize: 20 }) });
    await renderScreen(<ProductListScreen />, { path: '/searchs?keyword=tent' });

    expect(await screen.findByRole('list', { name: '“tent”' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shop matching your search' })).not.toBeInTheDocument();
  });
});
