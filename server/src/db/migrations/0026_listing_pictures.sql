ALTER TABLE "products" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "products_pictures_idx" ON "products" USING gin ("pictures");