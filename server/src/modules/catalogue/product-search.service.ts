import {
  SUGGESTION_LIMIT,
  type ProductCategory,
  type ProductSearchPage,
  type ProductSearchQuery,
} from '@marketplace/shared/contracts';
import { offsetOf, pageOf } from '../../lib/paging';
import type { AnswerCache } from './answer-cache';
import { toProductCard, toShopCard } from './catalogue-cards';
import type { CatalogueRepository } from './catalogue.repository';
import { correctedKeyword, hasCorrections, planSearch } from './search.repository';
import { searchVocabulary, type Vocabulary } from './search-vocabulary';

const HOT_KEYWORD_COUNT = 10;
/** Products an empty search shows from the category its keyword is closest to. */
const CLOSEST_COUNT = 10;

/** Search, suggestions while typing and the hot keywords: one index, one ranking. */
export const createProductSearch = ({
  catalogue,
  shared,
  keywords,
  wholeTotal,
  vocabulary = searchVocabulary(),
}: {
  catalogue: CatalogueRepository;
  /** Keeps the answers that are the same for every shopper for a few seconds. */
  shared: AnswerCache;
  /** Keeps the hot keywords (ranked over the whole catalogue) for a minute. */
  keywords: AnswerCache;
  /** How many products a whole category (or the catalogue) lists, without counting them. */
  wholeTotal: (category?: ProductCategory) => Promise<number>;
  /** The catalogue's product nouns in every language (search-vocabulary.ts). */
  vocabulary?: Vocabulary;
}) => {
  /**
   * The keyword the catalogue (indexed in English) is asked: the shopper's nouns put into English
   * ("Tastatur", "Tastatr" → "keyboard"), the words the catalogue itself knows left as typed.
   */
  const inEnglish = async (keyword: string, lang: string): Promise<string> => {
    if (lang === 'en') return keyword;
    const analysis = await catalogue.search.analyse(keyword);
    const known = new Set(analysis.words.filter((word) => word.known).map((word) => word.word));
    return vocabulary.toEnglish(keyword, lang, known) ?? keyword;
  };
  return {
    /**
     * A keyword is matched in titles, shop names, category names (every language), spec values and
     * descriptions; when the words as typed find nothing, misspelt words are corrected ("Did you mean");
     * when even that finds nothing, the best sellers of the closest category come along.
     */
    async searchProducts(query: ProductSearchQuery, lang = 'en'): Promise<ProductSearchPage> {
      const { category, minPrice, maxPrice } = query;
      const typed = query.keyword;
      const keyword = typed ? await inEnglish(typed, lang) : typed;
      const sort = query.sort ?? (keyword ? 'relevance' : 'sales');
      const key = JSON.stringify([
        'search',
        // Only a keyword's answer depends on the language (its nouns, "Did you mean").
        typed ? lang : '',
        typed ?? '',
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
        const asTyped = planSearch(analysis, { corrected: false, prefixLast: false });
        // A keyword that names a shop shows the shop first (docs/requirements.md §4.2), as typed.
        const shop = await catalogue.search.namedShop(typed ?? keyword);
        let found = await catalogue.search.search(asTyped, filter, sort, offsetOf(query), query.pageSize);
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
        if (didYouMean) page.didYouMean = vocabulary.fromEnglish(didYouMean, lang);
        if (shop) page.shop = toShopCard(shop);
        if (found.total === 0) {
          const closest = await catalogue.search.closestCategory(analysis);
          const popular = await catalogue.search.bestSellers(closest, CLOSEST_COUNT);
          page.closest = { category: closest, list: popular.map(toProductCard) };
        }
        return page;
      });
    },

    async suggestions(keyword: string, lang = 'en'): Promise<string[]> {
      if (!keyword) return [];
      // The same words, corrections and ranking as the search, the last word taken as still being typed; in
      // the shopper's language the nouns being typed come first, and the titles show their noun translated.
      return shared.get(`suggest:${lang}:${keyword}`, async () => {
        const english = await inEnglish(keyword, lang);
        const analysis = await catalogue.search.analyse(english);
        const titles = await catalogue.search.suggest(
          planSearch(analysis, { corrected: true, prefixLast: true }),
          SUGGESTION_LIMIT,
        );
        const nouns = vocabulary.startingWith(keyword, lang, SUGGESTION_LIMIT);
        const shown = [...nouns, ...titles.map((title) => vocabulary.fromEnglish(title, lang))];
        return [...new Set(shown)].slice(0, SUGGESTION_LIMIT);
      });
    },

    /** Ranked over the whole catalogue, so computed at most once a minute; shown in the shopper's language. */
    async hotKeywords(lang = 'en'): Promise<string[]> {
      const hot = await keywords.get('hotKeywords', () => catalogue.hotKeywords(HOT_KEYWORD_COUNT));
      return lang === 'en' ? hot : [...new Set(hot.map((keyword) => vocabulary.fromEnglish(keyword, lang)))];
    },
  };
};
