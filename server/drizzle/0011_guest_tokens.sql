ALTER TABLE "bookings" ADD COLUMN "guest_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "guest_token_hash" varchar(64);