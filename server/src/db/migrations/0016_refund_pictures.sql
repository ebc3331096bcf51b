ALTER TABLE "refunds" ADD COLUMN "attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Requests made before this migration had one proof picture: it becomes their list.
UPDATE "refunds" SET "attachment_ids" = jsonb_build_array("attachment_id") WHERE "attachment_ids" = '[]'::jsonb;--> statement-breakpoint
CREATE INDEX "refunds_attachment_ids_idx" ON "refunds" USING gin ("attachment_ids");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attachment_ids_list" CHECK (jsonb_typeof("refunds"."attachment_ids") = 'array' AND jsonb_array_length("refunds"."attachment_ids") <= 6);