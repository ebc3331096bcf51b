import { buildProductsUrl } from './products-url';

describe('buildProductsUrl', () => {
  it('puts category, sort and the price range in cents into the product list URL', () => {
    expect(buildProductsUrl({ category: 'toys', sort: 'priceAsc', minPrice: '5', maxPrice: '19.99' })).toEqual({
      url: '/products?category=toys&sort=priceAsc&minPrice=500&maxPrice=1999',
    });
  });

  it('leaves out an empty category and empty bounds', () => {
    expect(buildProductsUrl({ category: '', sort: 'sales', minPrice: ' ', maxPrice: '' })).toEqual({
      url: '/products?sort=sales',
    });
  });

  it('refuses an amount that is not a price', () => {
    expect(buildProductsUrl({ category: '', sort: 'sales', minPrice: '1.234', maxPrice: '' })).toEqual({
      error: 'priceInvalid',
    });
    expect(buildProductsUrl({ category: '', sort: 'sales', minPrice: '', maxPrice: '-3' })).toEqual({
      error: 'priceInvalid',
    });
  });

  it('refuses a minimum above the maximum', () => {
    expect(buildProductsUrl({ category: '', sort: 'newest', minPrice: '20', maxPrice: '10' })).toEqual({
      error: 'priceOrder',
    });
  });

  it('keeps the keyword of the search it narrows, and its best-match order', () => {
    expect(
      buildProductsUrl({ keyword: ' keybord ', category: 'computer', sort: 'relevance', minPrice: '', maxPrice: '50' }),
    ).toEqual({ url: '/searchs?keyword=keybord&category=computer&sort=relevance&maxPrice=5000' });
    expect(buildProductsUrl({ keyword: '', category: '', sort: 'relevance', minPrice: '', maxPrice: '' })).toEqual({
      url: '/products?sort=sales',
    });
  });
});
