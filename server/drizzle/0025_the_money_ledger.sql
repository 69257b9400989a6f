CREATE TYPE "public"."counter_method" AS ENUM('cash', 'card_terminal', 'bank_transfer');--> statement-breakpoint
CREATE TYPE "public"."ledger_provider" AS ENUM('demo', 'stripe', 'paypal', 'counter');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('charge', 'authorization', 'capture', 'counter');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('rental', 'amendment', 'deposit', 'return_charges', 'later_charges', 'no_show');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'failed', 'released', 'expired');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"amendment_id" uuid,
	"kind" "payment_kind" NOT NULL,
	"parent_id" uuid,
	"purpose" "payment_purpose" NOT NULL,
	"provider" "ledger_provider" NOT NULL,
	"provider_reference" varchar(255),
	"method" "counter_method",
	"recorded_by" uuid,
	"idempotency_key" varchar(100) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" "payment_status" NOT NULL,
	"released_amount" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0 and "payments"."released_amount" >= 0),
	CONSTRAINT "payments_capture_parent" CHECK (("payments"."kind" = 'capture') = ("payments"."parent_id" is not null)),
	CONSTRAINT "payments_counter_method" CHECK (("payments"."kind" = 'counter') = ("payments"."provider" = 'counter') and ("payments"."kind" = 'counter') = ("payments"."method" is not null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "terms" jsonb DEFAULT null;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amendment_id_booking_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."booking_amendments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_parent_id_payments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
-- A booking keeps the terms it was bought with (contract booked-terms.ts `BookedTerms`, the same shape): the car's
-- rates, date-based prices, extras and the booking's own deposit, the supplier's percentage, mileage, fuel policy and
-- minimum age. Checkout and walk-in write them from the car they priced; a row inserted without them (the seed, a
-- script, a blocked period) gets the car's as they are at insert. An extra the booking has that the car no longer
-- offers (−1) is kept at no further price (0): removing it gives nothing back, keeping it costs nothing.
CREATE FUNCTION "booked_terms"(b "bookings") RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  terms jsonb;
  extra text;
BEGIN
  SELECT jsonb_build_object(
    'car', jsonb_build_object(
      'dailyPrice', c."daily_price",
      'discountedDailyPrice', c."discounted_daily_price",
      'hourlyPrice', c."hourly_price",
      'discountedHourlyPrice', c."discounted_hourly_price",
      'biWeeklyPrice', c."bi_weekly_price",
      'discountedBiWeeklyPrice', c."discounted_bi_weekly_price",
      'weeklyPrice', c."weekly_price",
      'discountedWeeklyPrice', c."discounted_weekly_price",
      'monthlyPrice', c."monthly_price",
      'discountedMonthlyPrice', c."discounted_monthly_price",
      'isDateBasedPrice', c."is_date_based_price",
      'dateBasedPrices', coalesce((
        SELECT jsonb_agg(jsonb_build_object(
          'startDate', to_char(d."start_date", 'YYYY-MM-DD'),
          'endDate', to_char(d."end_date", 'YYYY-MM-DD'),
          'dailyPrice', d."daily_price") ORDER BY d."start_date")
        FROM "date_based_prices" d WHERE d."car_id" = c."id"), '[]'::jsonb),
      'deposit', b."deposit",
      'cancellation', c."cancellation",
      'amendments', c."amendments",
      'theftProtection', c."theft_protection",
      'collisionDamageWaiver', c."collision_damage_waiver",
      'fullInsurance', c."full_insurance",
      'additionalDriver', c."additional_driver"),
    'priceChangeRate', u."price_change_rate",
    'mileage', c."mileage",
    'fuelPolicy', c."fuel_policy",
    'minimumAge', c."minimum_age")
  INTO terms
  FROM "cars" c JOIN "users" u ON u."id" = c."supplier_id"
  WHERE c."id" = b."car_id";
  FOREACH extra IN ARRAY ARRAY['cancellation', 'amendments', 'theftProtection', 'collisionDamageWaiver', 'fullInsurance', 'additionalDriver'] LOOP
    IF (CASE extra
      WHEN 'cancellation' THEN b."cancellation"
      WHEN 'amendments' THEN b."amendments"
      WHEN 'theftProtection' THEN b."theft_protection"
      WHEN 'collisionDamageWaiver' THEN b."collision_damage_waiver"
      WHEN 'fullInsurance' THEN b."full_insurance"
      WHEN 'additionalDriver' THEN b."additional_driver"
    END) AND (terms->'car'->>extra)::integer < 0 THEN
      terms := jsonb_set(terms, ARRAY['car', extra], '0'::jsonb);
    END IF;
  END LOOP;
  RETURN terms;
END $$;--> statement-breakpoint
UPDATE "bookings" SET "terms" = "booked_terms"("bookings");--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "terms" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "bookings_fill_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."terms" := "booked_terms"(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_fill_terms" BEFORE INSERT ON "bookings"
  FOR EACH ROW WHEN (NEW."terms" IS NULL) EXECUTE FUNCTION "bookings_fill_terms"();--> statement-breakpoint
-- The ledger of what was paid before it existed. A change's difference paid (applied, or refunded because the change
-- could no longer be made): its charge, under the key the code records it with.
INSERT INTO "payments" ("booking_id", "supplier_id", "amendment_id", "kind", "purpose", "provider",
  "provider_reference", "idempotency_key", "amount", "currency", "status", "created_at", "settled_at")
SELECT a."booking_id", b."supplier_id", a."id", 'charge', 'amendment', a."provider"::text::"ledger_provider",
  a."payment_reference", 'amendment-' || a."id", a."amount", a."currency", 'succeeded', a."created_at",
  coalesce(a."settled_at", a."created_at")
FROM "booking_amendments" a JOIN "bookings" b ON b."id" = a."booking_id"
WHERE a."status" IN ('applied', 'refunded') AND a."amount" > 0;--> statement-breakpoint
-- A booking paid online: its own charge. `charged_amount` has followed the changes (plus each applied difference,
-- less each change's refund, `amend-<booking>-…`; a cancellation's refund left it as it was), so the checkout's
-- payment is it less the differences, plus the changes' refunds.
INSERT INTO "payments" ("booking_id", "supplier_id", "kind", "purpose", "provider", "provider_reference",
  "idempotency_key", "amount", "currency", "status", "created_at", "settled_at")
SELECT p."id", p."supplier_id", 'charge', CASE WHEN p."payment_option" = 'deposit' THEN 'deposit' ELSE 'rental' END::"payment_purpose",
  p."payment_provider"::text::"ledger_provider", p."payment_reference", 'booking-' || p."id", p."amount", p."currency",
  'succeeded', p."paid_at", p."paid_at"
FROM (
  SELECT b.*, b."charged_amount"
    - coalesce((SELECT sum(a."amount") FROM "booking_amendments" a
      WHERE a."booking_id" = b."id" AND a."status" = 'applied'), 0)
    + coalesce((SELECT sum(r."amount") FROM "refunds" r
      WHERE r."booking_id" = b."id" AND r."key" LIKE 'amend-' || b."id" || '-%'), 0) AS "amount"
  FROM "bookings" b
  WHERE b."paid_at" IS NOT NULL AND b."payment_provider" IS NOT NULL AND b."kind" = 'rental'
) p
WHERE p."amount" > 0;--> statement-breakpoint
-- Each refund points at the payment it gave back: the one its gateway reference names, else the booking's own.
UPDATE "refunds" r SET "payment_id" = coalesce(
  (SELECT p."id" FROM "payments" p WHERE p."booking_id" = r."booking_id" AND r."payment_reference" IS NOT NULL
    AND p."provider_reference" = r."payment_reference" ORDER BY p."amendment_id" NULLS LAST LIMIT 1),
  (SELECT p."id" FROM "payments" p WHERE p."booking_id" = r."booking_id" AND p."amendment_id" IS NULL LIMIT 1));
