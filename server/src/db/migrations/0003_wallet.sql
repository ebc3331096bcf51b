CREATE TABLE "deposit_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"address_pattern" text DEFAULT '' NOT NULL,
	"min_amount_cents" bigint DEFAULT 100 NOT NULL,
	"withdrawable" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"recharge_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"channel_id" integer,
	"network" text NOT NULL,
	"deposit_address" text DEFAULT '' NOT NULL,
	"payer_address" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"actual_arrival_cents" bigint NOT NULL,
	"evidence_id" text,
	"card_brand" text,
	"card_last4" text,
	"provider_ref" text,
	"request_id" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "recharges_recharge_no_unique" UNIQUE("recharge_no"),
	CONSTRAINT "recharges_amount_positive" CHECK ("recharges"."amount_cents" > 0 AND "recharges"."actual_arrival_cents" >= 0),
	CONSTRAINT "recharges_status_known" CHECK ("recharges"."status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"draw_type" text NOT NULL,
	"draw_amount_cents" bigint NOT NULL,
	"service_charge_cents" bigint NOT NULL,
	"actual_arrival_cents" bigint NOT NULL,
	"bank_card_no" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"channel_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"request_id" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_withdrawal_no_unique" UNIQUE("withdrawal_no"),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."draw_amount_cents" > 0 AND "withdrawals"."service_charge_cents" >= 0 AND "withdrawals"."actual_arrival_cents" > 0 AND "withdrawals"."actual_arrival_cents" + "withdrawals"."service_charge_cents" = "withdrawals"."draw_amount_cents"),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" IN (0, 1, 2))
);
--> statement-breakpoint
DROP INDEX "ledger_entries_once_per_reference";--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_evidence_id_uploads_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audit_target_idx" ON "operator_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "recharges_user_idx" ON "recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharges_status_idx" ON "recharges" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_once_per_request" ON "recharges" USING btree ("user_id","request_id") WHERE "recharges"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_once_per_request" ON "withdrawals" USING btree ("user_id","request_id") WHERE "withdrawals"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once_per_reference" ON "ledger_entries" USING btree ("kind","reference") WHERE "ledger_entries"."kind" IN ('payment', 'refund', 'topup', 'withdrawal', 'withdrawalRefund') AND "ledger_entries"."reference" IS NOT NULL;