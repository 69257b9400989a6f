CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"supplier_id" uuid NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_sequences_supplier_id_kind_year_pk" PRIMARY KEY("supplier_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"supplier_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"key" varchar(120) NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"invoice_id" uuid,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" varchar(40) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"language" varchar(2) NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_key_unique" UNIQUE("key"),
	CONSTRAINT "invoices_number_key" UNIQUE("supplier_id","kind","year","sequence"),
	CONSTRAINT "invoices_totals" CHECK ("invoices"."net" + "invoices"."vat" = "invoices"."gross" and "invoices"."gross" > 0),
	CONSTRAINT "invoices_credit_names_invoice" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_name" varchar(200);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_address" varchar(500);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_number" varchar(40);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invoice_buyer" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_sequences" ADD CONSTRAINT "invoice_sequences_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoices_supplier_issued_idx" ON "invoices" USING btree ("supplier_id","issued_at");--> statement-breakpoint
-- Hand-written (docs/decisions/0011-invoices.md): an issued invoice or credit note is never changed nor deleted; a
-- correction is a credit note. The database refuses both, whatever the code asks.
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice or credit note is never changed nor deleted' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
