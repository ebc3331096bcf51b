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
});
