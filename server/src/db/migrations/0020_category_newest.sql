-- A category list page sorted by date (docs/decisions/0006-search-at-scale.md): its newest products straight from (category, created_at), not by
-- walking every category's products by date and dropping nine in ten (page 10 of a category at 100,000
-- products: 2,400 rows read for 200).
CREATE INDEX "products_category_created_at_idx" ON "products" USING btree ("category","created_at");
