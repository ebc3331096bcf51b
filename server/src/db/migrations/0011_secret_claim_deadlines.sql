ALTER TABLE "users" ADD COLUMN "payment_claims" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_claims" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_pending";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_attempt_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "password_pending";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "password_attempt_at";