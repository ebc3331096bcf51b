-- Search at 100,000 products (docs/decisions/0006-search-at-scale.md): how well a product matches (title, then shop) is told from
-- products.rank_doc (title A and shop name B, a tenth of search_doc's size, with its own GIN index), so
-- search_doc keeps only which words a product holds (stripped of positions and weights), and
-- suggestions while typing rank the catalogue's distinct titles (search_titles, kept by a trigger with each
-- title's best sales), not every matching product.
CREATE TABLE "search_titles" (
	"title" text PRIMARY KEY NOT NULL,
	"search_title" text NOT NULL,
	"title_doc" "tsvector" NOT NULL,
	"sold" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rank_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_titles_doc_idx" ON "search_titles" USING gin ("title_doc");--> statement-breakpoint
CREATE INDEX "search_titles_trgm_idx" ON "search_titles" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_rank_doc_idx" ON "products" USING gin ("rank_doc");--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("title");--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop_words text := coalesce(search_norm((SELECT s.name FROM shops s WHERE s.id = NEW.shop_id)), '');
BEGIN
  NEW.search_title := search_norm(NEW.title);
  NEW.rank_doc :=
    setweight(to_tsvector('simple', NEW.search_title), 'A') ||
    setweight(to_tsvector('simple', shop_words), 'B');
  -- Which words the whole document holds, without positions or weights (rank_doc tells title from shop):
  -- a third of a product's row less to read for every match.
  NEW.search_doc := strip(
    to_tsvector('simple', NEW.search_title) ||
    to_tsvector('simple', shop_words) ||
    to_tsvector('simple', search_norm(jsonb_path_query_array(NEW.specs, '$[*].options[*]')::text || ' ' || NEW.description)));
  RETURN NEW;
END $$;--> statement-breakpoint
-- A title's row follows its products: a new title or more sales raise it; a product leaving the title
-- (renamed, deleted) or selling less recomputes the title's best sales, or removes a title no product has.
CREATE OR REPLACE FUNCTION search_titles_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.title <> NEW.title OR NEW.sold < OLD.sold)) THEN
    UPDATE search_titles t SET sold = best.sold
    FROM (SELECT max(p.sold) AS sold FROM products p WHERE p.title = OLD.title) AS best
    WHERE t.title = OLD.title AND best.sold IS NOT NULL AND t.sold <> best.sold;
    DELETE FROM search_titles t WHERE t.title = OLD.title AND NOT EXISTS (SELECT 1 FROM products p WHERE p.title = OLD.title);
  END IF;
  -- Most sales leave a title's best unchanged: then its row is not even locked (concurrent orders of
  -- two products with one title would otherwise wait on each other).
  IF TG_OP <> 'DELETE' AND NOT EXISTS (SELECT 1 FROM search_titles t WHERE t.title = NEW.title AND t.sold >= NEW.sold) THEN
    INSERT INTO search_titles AS t (title, search_title, title_doc, sold)
    VALUES (NEW.title, NEW.search_title, to_tsvector('simple', NEW.search_title), NEW.sold)
    ON CONFLICT (title) DO UPDATE SET sold = EXCLUDED.sold WHERE t.sold < EXCLUDED.sold;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_titles_rows AFTER INSERT OR DELETE ON products
FOR EACH ROW EXECUTE FUNCTION search_titles_keep();--> statement-breakpoint
CREATE TRIGGER products_search_titles_update AFTER UPDATE OF title, sold ON products
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.sold IS DISTINCT FROM NEW.sold)
EXECUTE FUNCTION search_titles_keep();--> statement-breakpoint
UPDATE products SET title = title;--> statement-breakpoint
INSERT INTO search_titles (title, search_title, title_doc, sold)
SELECT title, min(search_title), to_tsvector('simple', min(search_title)), max(sold) FROM products GROUP BY title;
