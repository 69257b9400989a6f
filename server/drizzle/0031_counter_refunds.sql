ALTER TABLE "refunds" ALTER COLUMN "provider" SET DATA TYPE "public"."ledger_provider" USING "provider"::text::"public"."ledger_provider";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" "counter_method";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_counter_method" CHECK (("refunds"."provider" = 'counter') = ("refunds"."method" is not null));