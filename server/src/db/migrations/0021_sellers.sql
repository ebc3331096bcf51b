CREATE TABLE "seller_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"email" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" bigint DEFAULT 0 NOT NULL,
	"invite_code_hash" text,
	"invite_expires_at" timestamp with time zone,
	"application_id" integer,
	"invited_by" integer,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "seller_accounts_invite_code_hash_unique" UNIQUE("invite_code_hash"),
	CONSTRAINT "seller_accounts_roles_known" CHECK ("seller_accounts"."roles" <@ ARRAY['owner','listings','orders','finance']::text[]),
	CONSTRAINT "seller_accounts_roles_some" CHECK (cardinality("seller_accounts"."roles") > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"seller_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"address" text DEFAULT '' NOT NULL,
	CONSTRAINT "seller_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "logo_upload" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "banner_upload" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "seller_reply" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "seller_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_application_id_merchant_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."merchant_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sessions" ADD CONSTRAINT "seller_sessions_seller_id_seller_accounts_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_accounts_shop_idx" ON "seller_accounts" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "seller_sessions_seller_idx" ON "seller_sessions" USING btree ("seller_id","id");