ALTER TABLE "houses" ADD COLUMN "price_minor" integer;--> statement-breakpoint
-- A house's price was a float in major units; it becomes an integer of the currency's minor unit, as
-- every amount (app/platform/lib/amount.ts). The exponent is the one currencyDigits reads from Intl:
-- 0 for these (33) currencies, 3 for the 6 with three decimals (kept as they were stored, though new
-- prices take only 0 or 2), 2 for every other. round(numeric) rounds half away from zero, as
-- Math.round did for the money's house share; a price beyond integer range (only possible with three
-- decimals, above 2,147,483 of the currency) becomes unknown.
UPDATE "houses" SET "price_minor" = CASE
  WHEN scaled > 2147483647 THEN NULL
  ELSE scaled::integer
END
FROM (
  SELECT "id" AS house_id, round("price"::numeric * CASE
    WHEN "currency" IN ('AFN', 'ALL', 'BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'IQD', 'IRR', 'ISK', 'JPY', 'KMF', 'KPW', 'KRW', 'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'PYG', 'RWF', 'SLL', 'SOS', 'SYP', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF', 'YER') THEN 1
    WHEN "currency" IN ('BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 1000
    ELSE 100
  END) AS scaled
  FROM "houses"
  WHERE "price" IS NOT NULL
) AS converted
WHERE "houses"."id" = converted.house_id;--> statement-breakpoint
ALTER TABLE "houses" DROP COLUMN "price";