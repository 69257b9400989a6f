CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" "payment_provider" NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(100) NOT NULL,
	"object_id" varchar(255),
	"intent_id" varchar(255),
	"amount" integer,
	"currency" varchar(3),
	"status" varchar(40),
	"movement" varchar(10),
	"booking_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_gateway_event_key" UNIQUE("gateway","event_id")
);
--> statement-breakpoint
CREATE INDEX "gateway_events_received_idx" ON "gateway_events" USING btree ("gateway","received_at");--> statement-breakpoint
CREATE INDEX "gateway_events_object_idx" ON "gateway_events" USING btree ("object_id");