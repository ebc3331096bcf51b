import { sql, type SQL } from 'drizzle-orm';
import type { ProductCategory, SearchSort } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { preparedRowsOf, rowsOf } from '../../db/prepared';
import { createAnswerCache } from './answer-cache';
import type { ProductCardRow } from './catalogue.repository';

/**
 * How long a keyword's analysis and a plan's categories are kept: they depend only on the vocabulary and
 * the category names, which change when a catalogue is seeded, not while shoppers search.
 */
const VOCABULARY_TTL_MS = 10 * 60_000;

/**
 * Search over the documents migrations 0013 and 0018 keep (products.search_doc: the words of title, shop
 * name, spec values and description; products.rank_doc: title A and shop name B; products.search_title;
 * search_titles, the distinct titles with their best sales; category_names in every language;
 * search_words, the catalogue's vocabulary). Everything is lower-cased and unaccented by the database's
 * `search_norm`, and a keyword is cut into words by PostgreSQL's own text-search parser, so the query and
 * the documents are cut and normalised the same way on PGlite and PostgreSQL.
 */

/** `%` and `_` in a shopper's keyword are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Parser token types that are words a shopper types (words, numbers, the parts of hyphenated words). */
const WORD_TOKEN_TYPES = sql.raw('1, 2, 3, 9, 10, 11, 20, 21, 22');
/** Shorter words are never corrected (too many neighbours); longer ones may be two letters off. */
const MIN_CORRECTED_LENGTH = 3;
/**
 * A one-word keyword of this many characters also matches inside titles ("phone" finds "Smartphone");
 * shorter ones would match too much ("tea" in "steam"), and more words match as words.
 */
const MIN_SUBSTRING_LENGTH = 4;
/**
 * Suggestions that come from a shop's name rather than a title (a shop "Sunny" suggests its products'
 * titles) are ranked from this many of the best-selling matching products.
 */
const SUGGEST_SHOP_CANDIDATES = 100;

interface KeywordWord {
  word: string;
  /** The vocabulary has the word as it is. */
  known: boolean;
  /** Some vocabulary word starts with it (a word still being typed). */
  prefix: boolean;
  /** The closest vocabulary word when the word is unknown (one or two letters off), else null. */
  correction: string | null;
}

/** How many products carry a vocabulary word: anywhere, in the title or shop name, in the title. */
interface WordCounts {
  products: number;
  ranked: number;
  titled: number;
}

interface KeywordAnalysis {
  /** The keyword lower-cased and unaccented, as a whole. */
  normalized: string;
  words: KeywordWord[];
  /** The vocabulary's counts of the words and corrections it knows (search_words). */
  counts?: Record<string, WordCounts>;
  /** About how many products the catalogue holds (the planner's estimate; 0 when unknown). */
  catalogue?: number;
  /**
   * The words and corrections of MIN_SUBSTRING_LENGTH or more that no other vocabulary word holds inside it
   * (search_words, which holds every word of every title).
   */
  alone?: string[];
}

/** What one search asks the database: the words (as typed or corrected) and how to treat the last. */
interface SearchPlan {
  normalized: string;
  /** One entry per word: the lexeme to look for and whether it may be the start of a longer word. */
  terms: { lexeme: string; prefix: boolean }[];
  /** Match the keyword inside titles too ("phone" finds "Smartphone"): one word of MIN_SUBSTRING_LENGTH or more. */
  substring: boolean;
  /**
   * The keyword is one whole word that no other word of the catalogue holds inside it ("keyboard"): a title
   * holds it inside only as that word, so the word's own index finds every such product, and the trigram
   * index and its recheck of each title (a third of such a search's time) are not needed to find them.
   */
  substringIsWord: boolean;
  /** One whole word (no prefix): the vocabulary's counts of it and the catalogue's size, when known. */
  counts?: WordCounts & { catalogue: number };
}

/** A text[] literal of the given strings. */
const textArray = (items: string[]) => `{${items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** `a & b:*`, each term limited to the given weights ('' for any). */
const tsqueryText = (plan: SearchPlan, weights: '' | 'A') =>
  plan.terms
    .map(({ lexeme, prefix }) => {
      const flags = `${prefix ? '*' : ''}${weights}`;
      return `${quoteLexeme(lexeme)}${flags ? `:${flags}` : ''}`;
    })
    .join(' & ');

export const hasCorrections = (analysis: KeywordAnalysis) => analysis.words.some((word) => word.correction);

/** The keyword with its corrected words, as "Did you mean" shows it. */
export const correctedKeyword = (analysis: KeywordAnalysis) =>
  analysis.words.map((word) => word.correction ?? word.word).join(' ');

/** The plan matches inside titles and its one term is the whole keyword, as typed or corrected (not a prefix). */
const isWholeWord = (plan: Pick<SearchPlan, 'normalized' | 'terms' | 'substring'>) =>
  plan.substring && plan.terms.length === 1 && !plan.terms[0]!.prefix && plan.terms[0]!.lexeme === plan.normalized;

/** Builds the plan: words as typed, or with each unknown word replaced by its correction. */
export const planSearch = (
  analysis: KeywordAnalysis,
  { corrected, prefixLast }: { corrected: boolean; prefixLast: boolean },
): SearchPlan => {
  const terms = analysis.words.map((word, index) => {
    const last = index === analysis.words.length - 1;
    if (corrected && word.correction) return { lexeme: word.correction, prefix: false };
    // A word that is not a word of the catalogue but starts one is being typed, or cut short.
    return { lexeme: word.word, prefix: (prefixLast && last) || (!word.known && word.prefix) };
  });
  const [only] = terms;
  const counts = terms.length === 1 && only && !only.prefix ? analysis.counts?.[only.lexeme] : undefined;
  const normalized = corrected && hasCorrections(analysis) ? correctedKeyword(analysis) : analysis.normalized;
  const substring = analysis.words.length === 1 && analysis.normalized.length >= MIN_SUBSTRING_LENGTH;
  return {
    normalized,
    terms,
    substring,
    substringIsWord: isWholeWord({ normalized, terms, substring }) && (analysis.alone ?? []).includes(normalized),
    ...(counts ? { counts: { ...counts, catalogue: analysis.catalogue ?? 0 } } : {}),
  };
};

interface SearchFilter {
  category?: ProductCategory;
  minPrice?: number;
  maxPrice?: number;
}

const cardColumns = sql`p.id, p.title, p.unit_price AS "unitPrice", p.sold, p.shop_id AS "shopId", s.name AS "shopName", p.category, p.pictures`;

/** A set of fewer products than this is always read from its text-search index. */
const WALK_FROM = 1_000;
/**
 * Walking a sort's index for the first `first` of a set of `size` products visits about
 * first × catalogue / size products (every one tested against the keyword); its text-search index visits
 * all `size` of them, in one pass that also counts them. A visit on the walk costs more (a random heap
 * page, in an order that spreads matches thinly), so the walk needs size² ≥ 4 × first × catalogue: it
 * pays for a common word (black: 28,000 of 100,000 products, 70 visited for a page of 20 instead of
 * 28,000), not for keyboard's 1,750 (PostgreSQL, median of 30: walk 6.0 ms, one pass 4.4 ms), and
 * never on a catalogue of unknown size.
 */
const walkPays = (size: number, first: number, catalogue: number) =>
  catalogue > 0 && size >= WALK_FROM && size * size >= 4 * first * catalogue;

export const createSearchRepository = (
  db: Db,
  {
    walk = 'auto',
  }: {
    /** When a tier is read by walking the sort's index: as walkPays says, always (tests), or never. */
    walk?: 'auto' | 'always' | 'never';
  } = {},
) => {
  const analyses = createAnswerCache({ ttlMs: VOCABULARY_TTL_MS, maxEntries: 5_000 });
  const categoriesOf = createAnswerCache({ ttlMs: VOCABULARY_TTL_MS, maxEntries: 2_000 });
  /** The shop a keyword names, kept a few seconds (a shop's name or standing may change). */
  const shopsNamed = createAnswerCache({ ttlMs: 10_000, maxEntries: 2_000 });
  /** The categories whose name, in any language, holds every word of the plan. */
  const matchedCategories = async (plan: SearchPlan): Promise<string[]> => {
    if (plan.terms.length === 0) return [];
    const query = tsqueryText(plan, '');
    return categoriesOf.get(query, async () => {
      const found = await rowsOf<{ category: string }>(
        db,
        sql`SELECT DISTINCT category FROM category_names WHERE search_doc @@ ${query}::tsquery`,
      );
      return found.map((row) => row.category);
    });
  };

  /**
   * The SQL pieces every search of a plan shares. `words`: every word in the product's document (title,
   * shop, spec values, description) or the keyword inside the title. `ranked`: every word in the title or
   * the shop's name (products.rank_doc), or the keyword inside the title. Relevance ranks a ranked
   * product 4 for the whole title, 3 for every word in the title (`titled`), else 2 (title and shop name
   * together). Below them come products in a category whose name matched (1), then products matched by
   * descriptions and spec values only (0).
   */
  const clauses = (plan: SearchPlan, categories: string[]) => {
    const any = plan.terms.length ? sql`${tsqueryText(plan, '')}::tsquery` : null;
    const title = plan.terms.length ? sql`${tsqueryText(plan, 'A')}::tsquery` : null;
    const inTitle = plan.substring ? sql`p.search_title LIKE ${likePattern(plan.normalized)}` : null;
    /** Products found by the keyword inside their title that its words do not find (none: substringIsWord). */
    const onlyInTitle = plan.substringIsWord ? null : inTitle;
    const wholeWord = isWholeWord(plan);
    const ors = (parts: (SQL | null)[]) => {
      const present = parts.filter((part): part is SQL => part !== null);
      return present.length ? sql`(${sql.join(present, sql` OR `)})` : sql`false`;
    };
    return {
      words: ors([onlyInTitle, any && sql`p.search_doc @@ ${any}`]),
      ranked: ors([inTitle, any && sql`p.rank_doc @@ ${any}`]),
      /** Matched by the whole document's words; with `NOT ranked`, by descriptions and spec values only. */
      described: any ? sql`p.search_doc @@ ${any}` : sql`false`,
      /**
       * Every word in the title, or the keyword inside it (tiers 4 and 3). A one-word keyword that is one
       * word of the title is also inside it: the title's words are then not read from rank_doc (whose index
       * cannot tell title words from shop words: it offers every product of a shop "Sunny" to recheck).
       */
      titled: ors([inTitle, wholeWord ? null : title && sql`p.rank_doc @@ ${title}`]),
      /** The keyword inside the title (a one-word keyword of MIN_SUBSTRING_LENGTH or more), else false. */
      inTitle: inTitle ?? sql`false`,
      // One category (a category's name in any language) as an equality, so that a plan kept for the statement
      // reads its products from the category's own index in the sort's order (with `= ANY(array)`, PostgreSQL's
      // generic plan walked the whole catalogue's price index instead: 3,500 products rechecked for "Spielzeug").
      inCategory:
        categories.length === 0
          ? sql`false`
          : categories.length === 1
            ? sql`p.category = ${categories[0]}`
            : sql`p.category = ANY(${`{${categories.join(',')}}`}::text[])`,
      /** The whole title is the keyword. */
      exact: sql`p.search_title = ${plan.normalized}`,
    };
  };

  /** The sort's keys over a row set with columns id, sold, unit_price, created_at and tier. */
  const sortColumns = (sort: SearchSort, table: 'p' | 'page' = 'p'): SQL => {
    const t = sql.raw(table);
    switch (sort) {
      case 'relevance':
        return sql`${t}.tier DESC, ${t}.sold DESC, ${t}.id DESC`;
      case 'priceAsc':
        return sql`${t}.unit_price ASC, ${t}.id ASC`;
      case 'priceDesc':
        return sql`${t}.unit_price DESC, ${t}.id DESC`;
      case 'newest':
        return sql`${t}.created_at DESC, ${t}.id DESC`;
      case 'sales':
        return sql`${t}.sold DESC, ${t}.id DESC`;
    }
  };

  const filters = (filter: SearchFilter) => {
    // Only published listings (docs/decisions/0012-variants-and-stock.md); their search documents are empty too.
    const parts: SQL[] = [sql`p.status = 'published'`];
    if (filter.category) parts.push(sql`p.category = ${filter.category}`);
    if (filter.minPrice !== undefined) parts.push(sql`p.unit_price >= ${filter.minPrice}`);
    if (filter.maxPrice !== undefined) parts.push(sql`p.unit_price <= ${filter.maxPrice}`);
    return sql` AND ${sql.join(parts, sql` AND `)}`;
  };

  /** See namedShop. */
  const namedShopNow = async (keyword: string) => {
    const [found] = await rowsOf<{
      id: number;
      name: string;
      sales: number;
      fans: number;
      favorableRate: number;
      totalSales: number;
      supportDays: number;
      logoUpload: string | null;
    }>(
      db,
      sql`WITH k AS (SELECT trim(search_norm(${keyword})) AS k),
          s AS (SELECT s.*, search_norm(s.name) AS n FROM shops s)
          SELECT s.id, s.name, s.sales, s.fans, s.favorable_rate AS "favorableRate", s.total_sales AS "totalSales",
            s.support_days AS "supportDays", s.logo_upload AS "logoUpload"
          FROM s, k
          WHERE length(k.k) >= ${MIN_CORRECTED_LENGTH} AND (
            s.n = k.k
            OR (length(k.k) * 2 >= length(s.n) AND s.n LIKE ${sql`replace(replace(replace(k.k, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`})
            OR (abs(length(s.n) - length(k.k)) <= 2
              AND levenshtein_less_equal(s.n, k.k, 2) <= CASE WHEN length(k.k) <= 3 THEN 1 ELSE 2 END)
          )
          ORDER BY CASE WHEN s.n = k.k THEN 0 WHEN s.n LIKE k.k || '%' THEN 1 ELSE 2 END,
            levenshtein(s.n, k.k), s.sales DESC, s.id
          LIMIT 1`,
    );
    return found
      ? { ...found, sales: Number(found.sales), totalSales: Number(found.totalSales), followed: false }
      : undefined;
  };

  const analyseNow = async (keyword: string): Promise<KeywordAnalysis> => {
    const found = await rowsOf<{ normalized: string; word: string | null } & Omit<KeywordWord, 'word'>>(
      db,
      sql`WITH k AS (SELECT search_norm(${keyword}) AS normalized),
          t AS (
            SELECT x.token, x.pos FROM k, ts_parse('default', k.normalized) WITH ORDINALITY AS x(tokid, token, pos)
            WHERE x.tokid IN (${WORD_TOKEN_TYPES})
          ),
          w AS (
            SELECT t.token, t.pos,
              EXISTS (SELECT 1 FROM search_words v WHERE v.word = t.token) AS known,
              EXISTS (SELECT 1 FROM search_words v WHERE v.word LIKE ${sql`replace(replace(replace(t.token, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`}) AS prefix
            FROM t
          )
          SELECT k.normalized, w.token AS word, coalesce(w.known, false) AS known, coalesce(w.prefix, false) AS prefix,
            CASE WHEN w.known OR w.prefix OR length(w.token) < ${MIN_CORRECTED_LENGTH} OR w.token ~ '[0-9]' THEN NULL ELSE (
              SELECT v.word FROM search_words v
              WHERE length(v.word) BETWEEN length(w.token) - 2 AND length(w.token) + 2
                AND levenshtein_less_equal(v.word, w.token, 2) <= CASE WHEN length(w.token) <= 3 THEN 1 ELSE 2 END
              -- Two swapped letters are one slip, not two edits (Levenshtein counts two).
              ORDER BY CASE
                  WHEN length(v.word) = length(w.token)
                    AND array(SELECT unnest(string_to_array(v.word, NULL)) ORDER BY 1)
                      = array(SELECT unnest(string_to_array(w.token, NULL)) ORDER BY 1)
                  THEN 1 ELSE levenshtein(v.word, w.token) END,
                similarity(v.word, w.token) DESC, v.products DESC, v.word
              LIMIT 1
            ) END AS correction
          FROM k LEFT JOIN w ON true
          ORDER BY w.pos`,
    );
    const words = found
      .filter((row) => row.word !== null)
      .map((row) => ({
        word: row.word as string,
        known: row.known,
        prefix: row.prefix,
        correction: row.correction,
      }));
    const lexemes = [
      ...new Set(words.flatMap((word) => (word.correction ? [word.word, word.correction] : [word.word]))),
    ];
    const counted = lexemes.length
      ? await rowsOf<Partial<WordCounts> & { word: string; alone: boolean }>(
          db,
          sql`SELECT l.word, v.products, v.ranked, v.titled,
              length(l.word) >= ${MIN_SUBSTRING_LENGTH} AND NOT EXISTS (
                SELECT 1 FROM search_words o
                WHERE o.word LIKE ${sql`'%' || replace(replace(replace(l.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`}
                  AND o.word <> l.word
              ) AS alone
            FROM unnest(${textArray(lexemes)}::text[]) AS l(word) LEFT JOIN search_words v ON v.word = l.word`,
        )
      : [];
    const [size] = await rowsOf<{ n: number | string | null }>(
      db,
      sql`SELECT greatest(reltuples, 0)::bigint AS n FROM pg_class WHERE oid = 'products'::regclass`,
    );
    return {
      normalized: found[0]?.normalized.trim() ?? '',
      words,
      counts: Object.fromEntries(
        counted.flatMap(({ word, products, ranked, titled }) =>
          products === undefined || products === null
            ? []
            : [[word, { products, ranked: ranked ?? 0, titled: titled ?? 0 }]],
        ),
      ),
      alone: counted.filter((row) => row.alone).map((row) => row.word),
      catalogue: Number(size?.n ?? 0),
    };
  };

  return {
    /**
     * Cuts the keyword into words and looks each up in the vocabulary: one round trip, kept a while per
     * keyword (case does not change the answer: search_norm lower-cases first).
     */
    analyse(keyword: string): Promise<KeywordAnalysis> {
      return analyses.get(keyword.toLowerCase(), () => analyseNow(keyword));
    },
    /**
     * One page of a plan's matches and their exact total, in one statement. Relevance ranks in tiers (4
     * the whole title, 3 every word in the title or the keyword inside it, 2 title and shop name, 1 a
     * matched category's products, 0 descriptions and spec values only), sales breaking ties; the other
     * sorts take the word matches and the category's products in their own order. The word matches are
     * read from the text-search indexes in one pass that tiers and counts them, a matched category's
     * products from its index as far as the page needs. When the vocabulary says tens of thousands of
     * products match one word (walkPays), each tier is instead read by walking the sort's index until
     * the page is full, only as far as the tiers above it leave the page unfilled, and the total is the
     * vocabulary's count.
     */
    async search(plan: SearchPlan, filter: SearchFilter, sort: SearchSort, offset: number, limit: number) {
      if (plan.terms.length === 0 && !plan.substring) return { rows: [], total: 0 };
      const categories = await matchedCategories(plan);
      const { words, ranked, described, titled, inTitle, inCategory, exact } = clauses(plan, categories);
      const where = filters(filter);
      const first = offset + limit;
      const unfiltered = !filter.category && filter.minPrice === undefined && filter.maxPrice === undefined;
      const counts = unfiltered ? plan.counts : undefined;
      /** Walk the sort's index for a set of about `size` products (see walkPays), else its text index. */
      const walks = (size: number | undefined) =>
        size !== undefined && (walk === 'always' || (walk === 'auto' && walkPays(size, first, counts?.catalogue ?? 0)));
      /**
       * The first `count` products of a condition in the sort's order: walking the sort's index (the
       * condition written so that the text-search indexes cannot serve it), or from the text-search indexes
       * (behind OFFSET 0, so that the planner never walks the sort's index through a sparse set).
       */
      const firstOf = (columns: SQL, condition: SQL, read: 'walk' | 'text' | 'category', count: SQL) => {
        switch (read) {
          case 'walk':
            return sql`SELECT ${columns} FROM products p WHERE (${condition}) IS TRUE${where} ORDER BY ${order} LIMIT ${count}`;
          case 'text':
            return sql`SELECT * FROM (SELECT ${columns} FROM products p WHERE ${condition}${where} OFFSET 0) AS p
              ORDER BY ${order} LIMIT ${count}`;
          case 'category':
            // A matched category's products in the sort's order, from its index.
            return sql`SELECT ${columns} FROM products p WHERE ${condition}${where} ORDER BY ${order} LIMIT ${count}`;
        }
      };
      const readOf = (walk: boolean): 'walk' | 'text' => (walk ? 'walk' : 'text');
      const keys = sql`p.id, p.sold, p.unit_price, ${sort === 'newest' ? sql`p.created_at` : sql`NULL::timestamptz AS created_at`}`;
      const order = sortColumns(sort === 'relevance' ? 'sales' : sort);
      // The whole match set of one common word without filters or categories, too many to count on every
      // request (black: 28,000): counted by the vocabulary, as of its last refresh (a seed).
      const countedAhead = counts && categories.length === 0 && walks(counts.products);
      let total = countedAhead
        ? sql`${counts.products}::bigint${
            plan.substring && !plan.substringIsWord
              ? sql` + (SELECT count(*) FROM products p WHERE ${inTitle} AND NOT ${described})`
              : sql``
          }`
        : sql`(SELECT count(*) FROM products p WHERE ${words} AND NOT ${inCategory}${where})${
            categories.length ? sql` + (SELECT count(*) FROM products p WHERE ${inCategory}${where})` : sql``
          }`;
      let ctes: SQL;
      let ids: SQL;
      if (sort === 'relevance' && !countedAhead) {
        // Every word match is read once anyway to count it: one pass over them gives each its tier, the
        // page and the count (each tier read on its own, and the count again, would read them three times).
        // Each test runs once per product. A word match outside the title and shop name matched by its
        // document (`words` holds), so tier 0 needs no second look at the document. A matched category's
        // products come from its index, only as far as the word matches leave the page unfilled.
        ctes = sql`m AS MATERIALIZED (
            SELECT p.id, p.sold, ${exact} AS exact, ${ranked} AS ranked, ${titled} AS titled,
              ${inCategory} AS in_category
            FROM products p WHERE ${words}${where}
          ),
          tiers AS (
            SELECT m.id, m.sold, CASE
                WHEN m.exact AND m.ranked THEN 4
                WHEN m.titled AND NOT m.exact THEN 3
                WHEN m.ranked AND NOT m.titled THEN 2
                WHEN NOT m.ranked AND NOT m.in_category THEN 0
              END AS tier
            FROM m
          )${
            categories.length
              ? sql`, t1 AS MATERIALIZED (${firstOf(
                  sql`p.id, p.sold, 1 AS tier`,
                  sql`${inCategory} AND NOT ${ranked}`,
                  'category',
                  sql`greatest(0, ${first} - (SELECT count(*) FROM tiers WHERE tiers.tier >= 2))`,
                )})`
              : sql``
          }`;
        total = sql`(SELECT count(*) FROM m WHERE NOT m.in_category)${
          categories.length ? sql` + (SELECT count(*) FROM products p WHERE ${inCategory}${where})` : sql``
        }`;
        ids = sql`SELECT p.id FROM (
            SELECT * FROM tiers WHERE tiers.tier IS NOT NULL${categories.length ? sql` UNION ALL SELECT * FROM t1` : sql``}
          ) AS p ORDER BY p.tier DESC, p.sold DESC, p.id DESC OFFSET ${offset} LIMIT ${limit}`;
      } else if (sort === 'relevance') {
        const title = titled;
        type Read = 'walk' | 'text' | 'category';
        const all: { name: string; tier: number; where: SQL; read: Read }[] = [
          { name: 't4', tier: 4, where: sql`${exact} AND ${ranked}`, read: 'text' },
          { name: 't3', tier: 3, where: sql`${title} AND NOT ${exact}`, read: readOf(walks(counts?.titled)) },
          {
            name: 't2',
            tier: 2,
            where: sql`${ranked} AND NOT ${title}`,
            read: readOf(walks(counts && counts.ranked - counts.titled)),
          },
          { name: 't1', tier: 1, where: sql`${inCategory} AND NOT ${ranked}`, read: 'category' },
          {
            name: 't0',
            tier: 0,
            where: sql`${described} AND NOT ${ranked} AND NOT ${inCategory}`,
            read: readOf(walks(counts && counts.products - counts.ranked)),
          },
        ];
        const tiers = all.filter((t) => t.name !== 't1' || categories.length > 0);
        ctes = sql.join(
          tiers.map((t, index) => {
            const above = tiers.slice(0, index);
            // Only as many as the tiers above leave unfilled: none at all once they fill the page.
            const need = above.length
              ? sql`greatest(0, ${first} - (SELECT count(*) FROM (${sql.join(
                  above.map((a) => sql`SELECT 1 FROM ${sql.raw(a.name)}`),
                  sql` UNION ALL `,
                )}) AS a))`
              : sql`${first}`;
            return sql`${sql.raw(t.name)} AS MATERIALIZED (${firstOf(sql`p.id, p.sold, ${t.tier} AS tier`, t.where, t.read, need)})`;
          }),
          sql`, `,
        );
        ids = sql`SELECT p.id FROM (${sql.join(
          tiers.map((t) => sql`SELECT * FROM ${sql.raw(t.name)}`),
          sql` UNION ALL `,
        )}) AS p ORDER BY p.tier DESC, p.sold DESC, p.id DESC OFFSET ${offset} LIMIT ${limit}`;
      } else {
        // The word matches (outside a matched category) and the category's products, each in the sort's
        // order as far as the page needs.
        // A common word's first matches from the sort's index (counted ahead); else every word match once,
        // sorted and counted in one pass.
        const matched = countedAhead
          ? firstOf(keys, words, 'walk', sql`${first}`)
          : sql`SELECT ${keys} FROM products p WHERE ${words} AND NOT ${inCategory}${where}`;
        ctes = sql`matched AS MATERIALIZED (${matched})${
          categories.length
            ? sql`, in_category AS MATERIALIZED (${firstOf(keys, inCategory, 'category', sql`${first}`)})`
            : sql``
        }`;
        if (!countedAhead) {
          total = sql`(SELECT count(*) FROM matched)${
            categories.length ? sql` + (SELECT count(*) FROM products p WHERE ${inCategory}${where})` : sql``
          }`;
        }
        ids = sql`SELECT p.id FROM (
            SELECT * FROM matched${categories.length ? sql` UNION ALL SELECT * FROM in_category` : sql``}
          ) AS p ORDER BY ${sortColumns(sort)} OFFSET ${offset} LIMIT ${limit}`;
      }
      const found = await preparedRowsOf<Partial<ProductCardRow> & { total: number | string }>(
        db,
        sql`WITH ${ctes},
          page AS MATERIALIZED (SELECT q.id, row_number() OVER () AS n FROM (${ids}) AS q)
          SELECT t.total, c.* FROM (SELECT ${total} AS total) AS t
          LEFT JOIN (
            SELECT ${cardColumns}, page.n FROM page JOIN products p ON p.id = page.id JOIN shops s ON s.id = p.shop_id
          ) AS c ON true
          ORDER BY c.n`,
      );
      return {
        rows: found
          .filter((row) => row.id != null)
          .map(({ total: _total, n: _n, ...row }: Partial<ProductCardRow> & { total: unknown; n?: unknown }) => ({
            ...(row as ProductCardRow),
            unitPrice: Number(row.unitPrice),
          })),
        total: Number(found[0]?.total ?? 0),
      };
    },

    /**
     * Distinct titles in relevance order, as the search ranks them: titles holding the words (the whole
     * title first, then by the best sales of the title's products) from search_titles; when they are
     * fewer than `limit`, titles whose products match by title and shop name together follow (a shop
     * "Sunny" suggests its best sellers' titles), ranked from its SUGGEST_SHOP_CANDIDATES best sellers.
     */
    async suggest(plan: SearchPlan, limit: number): Promise<string[]> {
      if (plan.terms.length === 0 && !plan.substring) return [];
      const { ranked } = clauses(plan, []);
      const any = plan.terms.length ? sql`${tsqueryText(plan, '')}::tsquery` : null;
      const inTitle = plan.substring ? sql`t.search_title LIKE ${likePattern(plan.normalized)}` : null;
      const titled = [inTitle, any && sql`t.title_doc @@ ${any}`].filter((part): part is SQL => part !== null);
      const inProductTitle = plan.terms.length
        ? sql`(${plan.substring ? sql`p.search_title LIKE ${likePattern(plan.normalized)} OR ` : sql``}p.rank_doc @@ ${`${tsqueryText(plan, 'A')}`}::tsquery)`
        : sql`true`;
      const found = await preparedRowsOf<{ title: string }>(
        db,
        sql`WITH titles AS MATERIALIZED (
            SELECT t.title, CASE WHEN t.search_title = ${plan.normalized} THEN 4 ELSE 3 END AS tier, t.sold
            FROM search_titles t WHERE (${sql.join(titled, sql` OR `)})
            ORDER BY 2 DESC, 3 DESC, 1 LIMIT ${limit}
          ),
          by_shop AS (
            SELECT p.title, p.sold FROM products p
            WHERE (SELECT count(*) FROM titles) < ${limit} AND ${ranked} AND NOT ${inProductTitle}
            ORDER BY p.sold DESC LIMIT ${SUGGEST_SHOP_CANDIDATES}
          )
          SELECT title FROM (
            SELECT title, tier, sold FROM titles
            UNION ALL
            SELECT title, 2, max(sold) FROM by_shop GROUP BY title
          ) AS x
          ORDER BY tier DESC, sold DESC, title LIMIT ${limit}`,
      );
      return found.map((row) => row.title);
    },

    /**
     * The category whose words are most like the keyword's (trigram similarity over the vocabulary,
     * more products breaking ties); null when no word is even a little alike.
     */
    async closestCategory(analysis: KeywordAnalysis): Promise<ProductCategory | null> {
      const words = analysis.words.map((word) => word.word);
      if (analysis.normalized) words.push(analysis.normalized);
      if (words.length === 0) return null;
      const [best] = await rowsOf<{ category: ProductCategory }>(
        db,
        sql`SELECT v.category FROM search_words v, unnest(${textArray(words)}::text[]) AS q(word)
          WHERE v.word % q.word
          ORDER BY similarity(v.word, q.word) DESC, v.products DESC, v.word
          LIMIT 1`,
      );
      return best?.category ?? null;
    },

    /** A category's best sellers (or the whole catalogue's), without counting them. */
    async bestSellers(category: ProductCategory | null, limit: number): Promise<ProductCardRow[]> {
      const found = await rowsOf<ProductCardRow>(
        db,
        sql`SELECT ${cardColumns} FROM products p JOIN shops s ON s.id = p.shop_id
          WHERE p.status = 'published' ${category ? sql`AND p.category = ${category}` : sql``}
          ORDER BY p.sold DESC, p.id DESC LIMIT ${limit}`,
      );
      return found.map((row) => ({ ...row, unitPrice: Number(row.unitPrice) }));
    },

    /**
     * The shop a keyword names (docs/requirements.md §4.2): its whole name, one or two letters off (as a
     * word is corrected: one for three letters, none under three), or the start of its name when that start
     * is at least half of it ("sunny harb", not "sunny", which is a word of many shops' names). The closest
     * name first, then the best-selling shop.
     */
    namedShop(keyword: string) {
      return shopsNamed.get(keyword.toLowerCase(), () => namedShopNow(keyword));
    },

    /** Rebuilds the vocabulary from the products and category names (after a catalogue is seeded). */
    async refreshWords() {
      await db.execute(sql`SELECT refresh_search_words()`);
    },
  };
};
