import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import type { ProductCategory, SearchSort } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
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

export interface KeywordWord {
  word: string;
  /** The vocabulary has the word as it is. */
  known: boolean;
  /** Some vocabulary word starts with it (a word still being typed). */
  prefix: boolean;
  /** The closest vocabulary word when the word is unknown (one or two letters off), else null. */
  correction: string | null;
}

export interface KeywordAnalysis {
  /** The keyword lower-cased and unaccented, as a whole. */
  normalized: string;
  words: KeywordWord[];
}

/** What one search asks the database: the words (as typed or corrected) and how to treat the last. */
export interface SearchPlan {
  normalized: string;
  /** One entry per word: the lexeme to look for and whether it may be the start of a longer word. */
  terms: { lexeme: string; prefix: boolean }[];
  /** Match the keyword inside titles too ("phone" finds "Smartphone"): one word of MIN_SUBSTRING_LENGTH or more. */
  substring: boolean;
}

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

/** Builds the plan: words as typed, or with each unknown word replaced by its correction. */
export const planSearch = (
  analysis: KeywordAnalysis,
  { corrected, prefixLast }: { corrected: boolean; prefixLast: boolean },
): SearchPlan => ({
  normalized: corrected && hasCorrections(analysis) ? correctedKeyword(analysis) : analysis.normalized,
  terms: analysis.words.map((word, index) => {
    const last = index === analysis.words.length - 1;
    if (corrected && word.correction) return { lexeme: word.correction, prefix: false };
    // A word that is not a word of the catalogue but starts one is being typed, or cut short.
    return { lexeme: word.word, prefix: (prefixLast && last) || (!word.known && word.prefix) };
  }),
  substring: analysis.words.length === 1 && analysis.normalized.length >= MIN_SUBSTRING_LENGTH,
});

export interface SearchFilter {
  category?: ProductCategory;
  minPrice?: number;
  maxPrice?: number;
}

const cardColumns = sql`p.id, p.title, p.unit_price AS "unitPrice", p.sold, p.shop_id AS "shopId", s.name AS "shopName", p.category`;

const rowsOf = async <T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const dialect = new PgDialect();
/**
 * A search statement on PostgreSQL as a named prepared statement (one per statement shape: the words,
 * prices and categories are parameters), so each pooled connection plans it once instead of on every
 * keystroke: planning cost about as much as running a typical search. PGlite runs it as it is.
 */
const preparedRowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof Pool)) return rowsOf<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `search_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  return (await client.query({ name, text, values: params })).rows as T[];
};

export const createSearchRepository = (db: Db) => {
  const analyses = createAnswerCache({ ttlMs: VOCABULARY_TTL_MS, maxEntries: 5_000 });
  const categoriesOf = createAnswerCache({ ttlMs: VOCABULARY_TTL_MS, maxEntries: 2_000 });
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
   * the shop's name (products.rank_doc), or the keyword inside the title. `tier`, what relevance ranks a
   * ranked product by: 4 the whole title, 3 every word in the title (or the keyword inside it), 2 title
   * and shop name. Below them come products in a category whose name matched (1), then products matched
   * by descriptions and spec values only (0).
   */
  const clauses = (plan: SearchPlan, categories: string[]) => {
    const any = plan.terms.length ? sql`${tsqueryText(plan, '')}::tsquery` : null;
    const title = plan.terms.length ? sql`${tsqueryText(plan, 'A')}::tsquery` : null;
    const inTitle = plan.substring ? sql`p.search_title LIKE ${likePattern(plan.normalized)}` : null;
    const ors = (parts: (SQL | null)[]) => {
      const present = parts.filter((part): part is SQL => part !== null);
      return present.length ? sql`(${sql.join(present, sql` OR `)})` : sql`false`;
    };
    return {
      words: ors([inTitle, any && sql`p.search_doc @@ ${any}`]),
      ranked: ors([inTitle, any && sql`p.rank_doc @@ ${any}`]),
      /** Matched by the whole document's words; with `NOT ranked`, by descriptions and spec values only. */
      described: any ? sql`p.search_doc @@ ${any}` : sql`false`,
      tier: sql`CASE
        WHEN p.search_title = ${plan.normalized} THEN 4
        WHEN ${ors([inTitle, title && sql`p.rank_doc @@ ${title}`])} THEN 3
        ELSE 2 END`,
      inCategory: categories.length ? sql`p.category = ANY(${`{${categories.join(',')}}`}::text[])` : sql`false`,
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
    const parts: SQL[] = [];
    if (filter.category) parts.push(sql`p.category = ${filter.category}`);
    if (filter.minPrice !== undefined) parts.push(sql`p.unit_price >= ${filter.minPrice}`);
    if (filter.maxPrice !== undefined) parts.push(sql`p.unit_price <= ${filter.maxPrice}`);
    return parts.length ? sql` AND ${sql.join(parts, sql` AND `)}` : sql``;
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
    return {
      normalized: found[0]?.normalized.trim() ?? '',
      words: found
        .filter((row) => row.word !== null)
        .map((row) => ({
          word: row.word as string,
          known: row.known,
          prefix: row.prefix,
          correction: row.correction,
        })),
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
     * One page of a plan's matches and their exact total, in one statement. Relevance takes the first
     * `offset + limit` of the title and shop matches (tiers 4-2, from rank_doc's and the title's indexes),
     * of a matched category's products (1, by sales straight from the category index, never scanned for
     * words) and of the products matched only by descriptions and spec values (0, by sales); the other
     * sorts take them from the word matches and the category's index in their own order. A category's
     * products are counted from its index.
     */
    async search(plan: SearchPlan, filter: SearchFilter, sort: SearchSort, offset: number, limit: number) {
      if (plan.terms.length === 0 && !plan.substring) return { rows: [], total: 0 };
      const categories = await matchedCategories(plan);
      const { words, ranked, described, tier, inCategory } = clauses(plan, categories);
      const where = filters(filter);
      const first = offset + limit;
      // The sort's keys (created_at, far along a product's row, only when the sort needs it).
      const keys = sql`p.id, p.sold, p.unit_price, ${sort === 'newest' ? sql`p.created_at` : sql`NULL::timestamptz AS created_at`}`;
      // A category's products in the sort's order, from its index: at most the first `offset + limit`
      // (for relevance, those the title and shop matches have not ranked higher already).
      const categoryFirst = (extra: SQL) => sql`SELECT ${keys} FROM products p
        WHERE ${inCategory}${extra}${where} ORDER BY ${sortColumns(sort === 'relevance' ? 'sales' : sort)} LIMIT ${first}`;
      const categoryCount = categories.length
        ? sql` + (SELECT count(*) FROM products p WHERE ${inCategory}${where})`
        : sql``;
      // Relevance: every word match once, the title and shop matches with their tier (the title and
      // rank_doc, far along a product's row, read for them only), then the other matches of the whole
      // document told apart by id (a common word, a colour in descriptions, has tens of thousands).
      // The other sorts: the word matches in one pass.
      const matches =
        sort === 'relevance'
          ? sql`ranked AS MATERIALIZED (
              SELECT ${keys}, ${inCategory} AS in_category, ${tier} AS tier FROM products p WHERE ${ranked}${where}
            ),
            described AS MATERIALIZED (
              SELECT ${keys}, ${inCategory} AS in_category FROM products p
              WHERE ${described}${where} AND NOT EXISTS (SELECT 1 FROM ranked r WHERE r.id = p.id)
            )`
          : sql`matched AS MATERIALIZED (
              SELECT ${keys}, ${inCategory} AS in_category FROM products p WHERE ${words}${where}
            )`;
      const ids =
        sort === 'relevance'
          ? sql`SELECT * FROM (
              (SELECT p.id, p.sold, p.tier FROM ranked p ORDER BY p.tier DESC, p.sold DESC, p.id DESC LIMIT ${first})
              UNION ALL
              (SELECT p.id, p.sold, 1 AS tier FROM (${categoryFirst(sql` AND NOT ${ranked}`)}) AS p)
              UNION ALL
              (SELECT p.id, p.sold, 0 AS tier FROM described p WHERE NOT p.in_category
                ORDER BY p.sold DESC, p.id DESC LIMIT ${first})
            ) AS p ORDER BY p.tier DESC, p.sold DESC, p.id DESC OFFSET ${offset} LIMIT ${limit}`
          : sql`SELECT p.id FROM (
              SELECT ${keys} FROM matched p WHERE NOT p.in_category
              UNION ALL
              (${categoryFirst(sql``)})
            ) AS p ORDER BY ${sortColumns(sort)} OFFSET ${offset} LIMIT ${limit}`;
      const total =
        sort === 'relevance'
          ? sql`(SELECT count(*) FROM ranked WHERE NOT in_category)
            + (SELECT count(*) FROM described WHERE NOT in_category)${categoryCount}`
          : sql`(SELECT count(*) FROM matched WHERE NOT in_category)${categoryCount}`;
      const found = await preparedRowsOf<Partial<ProductCardRow> & { total: number | string }>(
        db,
        sql`WITH ${matches},
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
        sql`SELECT v.category FROM search_words v, unnest(${`{${words.map((w) => `"${w.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) AS q(word)
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
          ${category ? sql`WHERE p.category = ${category}` : sql``}
          ORDER BY p.sold DESC, p.id DESC LIMIT ${limit}`,
      );
      return found.map((row) => ({ ...row, unitPrice: Number(row.unitPrice) }));
    },

    /** Rebuilds the vocabulary from the products and category names (after a catalogue is seeded). */
    async refreshWords() {
      await db.execute(sql`SELECT refresh_search_words()`);
    },
  };
};

export type SearchRepository = ReturnType<typeof createSearchRepository>;
