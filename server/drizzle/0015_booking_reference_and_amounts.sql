ALTER TABLE "bookings" ADD COLUMN "reference" varchar(8) DEFAULT booking_reference() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "address" varchar(300);--> statement-breakpoint
-- The bookings made before this migration: their amounts in their own currency, as their e-mails showed them (the
-- EUR total and deposit at the booking's rate, rounded half up; contract money.ts `convertMinor`, with the minor
-- units Intl gives each supported currency: none for the first list, three for the second, two otherwise).
UPDATE "bookings" SET
  "total_amount" = floor("price" * "rate" * power(10, (CASE WHEN "currency" IN ('AFN','ALL','BIF','CLP','COP','DJF','GNF','HUF','IDR','IQD','IRR','ISK','JPY','KMF','KRW','LAK','LBP','MGA','MMK','PKR','PYG','RWF','SOS','SYP','UGX','VND','VUV','XAF','XOF','XPF','YER') THEN 0 WHEN "currency" IN ('BHD','JOD','KWD','LYD','OMR','TND') THEN 3 ELSE 2 END) - 2) + 0.5),
  "deposit_amount" = floor("deposit" * "rate" * power(10, (CASE WHEN "currency" IN ('AFN','ALL','BIF','CLP','COP','DJF','GNF','HUF','IDR','IQD','IRR','ISK','JPY','KMF','KRW','LAK','LBP','MGA','MMK','PKR','PYG','RWF','SOS','SYP','UGX','VND','VUV','XAF','XOF','XPF','YER') THEN 0 WHEN "currency" IN ('BHD','JOD','KWD','LYD','OMR','TND') THEN 3 ELSE 2 END) - 2) + 0.5);--> statement-breakpoint
-- Each existing booking drew its reference above; the rare repeat (1 in 10^12 per pair) draws again before the index.
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "bookings" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "bookings" SET "reference" = booking_reference()
    WHERE "id" IN (
      SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "reference" ORDER BY "id") AS n FROM "bookings") d
      WHERE d.n > 1
    );
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings" USING btree ("reference");