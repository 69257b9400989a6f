-- A booking may be refunded more than once (a change's difference, then its cancellation); each
-- refund has its own idempotency key. A refund made before keeps the key the gateway was asked under: refund-<booking>.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_booking_id_unique";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "key" varchar(100);--> statement-breakpoint
UPDATE "refunds" SET "key" = 'refund-' || "booking_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_key_unique" UNIQUE("key");
