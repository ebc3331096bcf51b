CREATE TABLE "operator_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"address" text DEFAULT '' NOT NULL,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" bigint DEFAULT 0 NOT NULL,
	"setup_code_hash" text,
	"setup_expires_at" timestamp with time zone,
	"created_by" integer,
	"bootstrap" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_name_unique" UNIQUE("name"),
	CONSTRAINT "operators_roles_known" CHECK ("operators"."roles" <@ ARRAY['finance','support','release','admin']::text[]),
	CONSTRAINT "operators_name_shape" CHECK ("operators"."name" ~ '^[a-z0-9][a-z0-9._-]{1,31}$')
);
--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "actor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_one_bootstrap" ON "operators" USING btree ("bootstrap") WHERE "operators"."bootstrap";--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;