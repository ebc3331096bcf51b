ALTER TABLE "vip_purchases" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_purchases_request" ON "vip_purchases" USING btree ("user_id","request_id");