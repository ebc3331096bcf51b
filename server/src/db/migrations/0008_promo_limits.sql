CREATE TABLE "promo_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "per_shopper_limit" integer;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_code_idx" ON "promo_redemptions" USING btree ("user_id","code");--> statement-breakpoint
UPDATE "promo_codes" SET "per_shopper_limit" = 1 WHERE "code" = 'WELCOME10';--> statement-breakpoint
UPDATE "promo_codes" SET "per_shopper_limit" = 5 WHERE "code" = 'SAVE5';
