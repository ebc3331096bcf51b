ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "titles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" IN ('draft', 'published', 'unlisted'));--> statement-breakpoint
-- Listings (docs/decisions/0012-variants-and-stock.md): a draft or unlisted product has empty search
-- documents, so no keyword finds it and the vocabulary never learns its words; a published one is also
-- found by its title and description in every language the seller wrote.
CREATE OR REPLACE FUNCTION products_search_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop_words text := coalesce(search_norm((SELECT s.name FROM shops s WHERE s.id = NEW.shop_id)), '');
  title_words text := coalesce(search_norm((SELECT string_agg(value, ' ') FROM jsonb_each_text(NEW.titles))), '');
  text_words text := coalesce(search_norm((SELECT string_agg(value, ' ') FROM jsonb_each_text(NEW.descriptions))), '');
BEGIN
  IF NEW.status <> 'published' THEN
    NEW.search_title := '';
    NEW.rank_doc := ''::tsvector;
    NEW.search_doc := ''::tsvector;
    RETURN NEW;
  END IF;
  NEW.search_title := search_norm(NEW.title);
  NEW.rank_doc :=
    setweight(to_tsvector('simple', NEW.search_title || ' ' || title_words), 'A') ||
    setweight(to_tsvector('simple', shop_words), 'B');
  NEW.search_doc := strip(
    to_tsvector('simple', NEW.search_title || ' ' || title_words) ||
    to_tsvector('simple', shop_words) ||
    to_tsvector('simple', search_norm(jsonb_path_query_array(NEW.specs, '$[*].options[*]')::text || ' ' || NEW.description)) ||
    to_tsvector('simple', text_words));
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_fill ON products;--> statement-breakpoint
CREATE TRIGGER products_search_fill BEFORE INSERT OR UPDATE OF title, description, specs, shop_id, status, titles, descriptions
ON products FOR EACH ROW EXECUTE FUNCTION products_search_fill();--> statement-breakpoint
-- Suggestions list the titles of published products only: a title leaves when its last published product
-- is unlisted, and comes back when one is published again.
CREATE OR REPLACE FUNCTION search_titles_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.title <> NEW.title OR NEW.sold < OLD.sold OR NEW.status <> 'published')) THEN
    UPDATE search_titles t SET sold = best.sold
    FROM (SELECT max(p.sold) AS sold FROM products p WHERE p.title = OLD.title AND p.status = 'published') AS best
    WHERE t.title = OLD.title AND best.sold IS NOT NULL AND t.sold <> best.sold;
    DELETE FROM search_titles t WHERE t.title = OLD.title
      AND NOT EXISTS (SELECT 1 FROM products p WHERE p.title = OLD.title AND p.status = 'published');
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'published'
    AND NOT EXISTS (SELECT 1 FROM search_titles t WHERE t.title = NEW.title AND t.sold >= NEW.sold) THEN
    INSERT INTO search_titles AS t (title, search_title, title_doc, sold)
    VALUES (NEW.title, NEW.search_title, to_tsvector('simple', NEW.search_title), NEW.sold)
    ON CONFLICT (title) DO UPDATE SET sold = EXCLUDED.sold WHERE t.sold < EXCLUDED.sold;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_titles_update ON products;--> statement-breakpoint
CREATE TRIGGER products_search_titles_update AFTER UPDATE OF title, sold, status ON products
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.sold IS DISTINCT FROM NEW.sold OR OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION search_titles_keep();
