ALTER TABLE "users" ADD COLUMN "payment_pending" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_attempt_at" timestamp with time zone;