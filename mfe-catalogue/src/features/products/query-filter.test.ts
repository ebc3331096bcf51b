import { readListFilter } from './query-filter';

describe('readListFilter', () => {
  it('reads keyword, category, sort and the price range in cents', () => {
    expect(
      readListFilter(
        new URLSearchParams('keyword=%20tent%20&category=outdoors&sort=priceAsc&minPrice=500&maxPrice=1999'),
      ),
    ).toEqual({ keyword: 'tent', category: 'outdoors', sort: 'priceAsc', minPrice: 500, maxPrice: 1999 });
  });

  it('sorts by sales and drops values that are not valid', () => {
    expect(readListFilter(new URLSearchParams('category=cars&sort=cheapest&minPrice=-1&maxPrice=1.5'))).toEqual({
      sort: 'sales',
    });
  });

  it('orders a search by best match unless asked otherwise; best match needs a keyword', () => {
    expect(readListFilter(new URLSearchParams('keyword=tea'))).toEqual({ keyword: 'tea', sort: 'relevance' });
    expect(readListFilter(new URLSearchParams('keyword=tea&sort=priceDesc')).sort).toBe('priceDesc');
    expect(readListFilter(new URLSearchParams('sort=relevance')).sort).toBe('sales');
  });
});
