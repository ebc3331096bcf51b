CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"spec_key" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_product_spec_unique" UNIQUE("product_id","spec_key"),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_unit_price_non_negative" CHECK ("product_variants"."unit_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every existing product becomes one variant with the empty spec key: its options share its price and
-- stock (docs/decisions/0012-variants-and-stock.md). Orders already placed hold that variant's stock.
INSERT INTO "product_variants" ("product_id", "spec", "spec_key", "unit_price", "stock", "sold")
SELECT "id", '{}'::jsonb, '', "unit_price", "stock", "sold" FROM "products";--> statement-breakpoint
UPDATE "order_items" SET "variant_id" = v."id" FROM "product_variants" v
WHERE v."product_id" = "order_items"."product_id" AND v."spec_key" = '';--> statement-breakpoint
-- A product written without variants (the seed, a bulk import) gets the same one variant: one statement
-- per INSERT, whatever its size. The seller's listing replaces it with the options it sells.
CREATE OR REPLACE FUNCTION products_first_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_variants (product_id, spec, spec_key, unit_price, stock, sold)
  SELECT id, '{}'::jsonb, '', unit_price, stock, sold FROM inserted;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_first_variant AFTER INSERT ON products REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION products_first_variant();
