-- Search at 100,000 products (docs/decisions/0006-search-at-scale.md): the vocabulary also counts the products that carry a word in
-- their title or shop name (ranked, rank_doc) and in their title (titled, rank_doc's weight A), so a
-- search knows ahead how many products each relevance tier holds: a word thousands of products carry is
-- found by walking the sort's index until a page is full, a rarer one from its text-search index.
ALTER TABLE "search_words" ADD COLUMN "ranked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "titled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A title that is the whole keyword (relevance's first tier) from a btree, not from the trigram index
-- (which offered every title holding the keyword's letter triples: 963 titles rechecked for "smartphone").
CREATE INDEX "products_search_title_idx" ON "products" USING btree ("search_title");--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_words() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_words;
  INSERT INTO search_words (word, products, category, ranked, titled)
  SELECT d.word, d.products, d.category, coalesce(r.ranked, 0), coalesce(r.titled, 0)
  FROM (
    SELECT word, sum(n)::int AS products, (array_agg(category ORDER BY n DESC, category))[1] AS category
    FROM (
      SELECT w.lexeme AS word, p.category, count(*) AS n FROM products p, unnest(p.search_doc) AS w GROUP BY 1, 2
      UNION ALL
      SELECT w.lexeme, c.category, 0 FROM category_names c, unnest(c.search_doc) AS w
    ) AS x
    GROUP BY word
  ) AS d
  LEFT JOIN (
    SELECT w.lexeme AS word, count(*)::int AS ranked, (count(*) FILTER (WHERE 'A' = ANY (w.weights)))::int AS titled
    FROM products p, unnest(p.rank_doc) AS w
    GROUP BY 1
  ) AS r ON r.word = d.word;
$$;--> statement-breakpoint
SELECT refresh_search_words();
