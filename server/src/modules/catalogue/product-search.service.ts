import {
  SUGGESTION_LIMIT,
  type ProductCategory,
  type ProductSearchPage,
  type ProductSearchQuery,
} from '@marketplace/shared/contracts';
import { offsetOf, pageOf } from '../../lib/paging';
import type { AnswerCache } from './answer-cache';
import { toProductCard } from './catalogue-cards';
import type { CatalogueRepository } from './catalogue.repository';
import { correctedKeyword, hasCorrections, planSearch } from './search.repository';

const HOT_KEYWORD_COUNT = 10;
/** Products an empty search shows from the category its keyword is closest to. */
const CLOSEST_COUNT = 10;

/** Search, suggestions while typing and the hot keywords: one index, one ranking. */
export const createProductSearch = ({
  catalogue,
  shared,
  keywords,
  wholeTotal,
}: {
  catalogue: CatalogueRepository;
  /** Keeps the answers that are the same for every shopper for a few seconds. */
  shared: AnswerCache;
  /** Keeps the hot keywords (ranked over the whole catalogue) for a minute. */
  keywords: AnswerCache;
  /** How many products a whole category (or the catalogue) lists, without counting them. */
  wholeTotal: (category?: ProductCategory) => Promise<number>;
}) => ({
  /**
   * A keyword is matched in titles, shop names, category names (every language), spec values and
   * descriptions; when the words as typed find nothing, misspelt words are corrected ("Did you mean");
   * when even that finds nothing, the best sellers of the closest category come along.
   */
  searchProducts(query: ProductSearchQuery): Promise<ProductSearchPage> {
    const { keyword, category, minPrice, maxPrice } = query;
    const sort = query.sort ?? (keyword ? 'relevance' : 'sales');
    const key = JSON.stringify([
      'search',
      keyword ?? '',
      category ?? '',
      minPrice,
      maxPrice,
      sort,
      query.page,
      query.pageSize,
    ]);
    return shared.get(key, async (): Promise<ProductSearchPage> => {
      if (!keyword) {
        const whole = minPrice === undefined && maxPrice === undefined;
        const { rows, total } = await catalogue.listProducts(
          { category, minPrice, maxPrice },
          sort === 'relevance' ? 'sales' : sort,
          offsetOf(query),
          query.pageSize,
          whole ? await wholeTotal(category) : undefined,
        );
        return pageOf(rows.map(toProductCard), total, query);
      }
      const filter = { category, minPrice, maxPrice };
      const analysis = await catalogue.search.analyse(keyword);
      const typed = planSearch(analysis, { corrected: false, prefixLast: false });
      let found = await catalogue.search.search(typed, filter, sort, offsetOf(query), query.pageSize);
      let didYouMean: string | undefined;
      if (found.total === 0 && hasCorrections(analysis)) {
        const corrected = planSearch(analysis, { corrected: true, prefixLast: false });
        const better = await catalogue.search.search(corrected, filter, sort, offsetOf(query), query.pageSize);
        if (better.total > 0) {
          found = better;
          didYouMean = correctedKeyword(analysis);
        }
      }
      const page: ProductSearchPage = pageOf(found.rows.map(toProductCard), found.total, query);
      if (didYouMean) page.didYouMean = didYouMean;
      if (found.total === 0) {
        const closest = await catalogue.search.closestCategory(analysis);
        const popular = await catalogue.search.bestSellers(closest, CLOSEST_COUNT);
        page.closest = { category: closest, list: popular.map(toProductCard) };
      }
      return page;
    });
  },

  async suggestions(keyword: string): Promise<string[]> {
    if (!keyword) return [];
    // The same words, corrections and ranking as the search, the last word taken as still being typed.
    return shared.get(`suggest:${keyword}`, async () => {
      const analysis = await catalogue.search.analyse(keyword);
      return catalogue.search.suggest(planSearch(analysis, { corrected: true, prefixLast: true }), SUGGESTION_LIMIT);
    });
  },

  /** Ranked over the whole catalogue, so computed at most once a minute. */
  hotKeywords(): Promise<string[]> {
    return keywords.get('hotKeywords', () => catalogue.hotKeywords(HOT_KEYWORD_COUNT));
  },
});
