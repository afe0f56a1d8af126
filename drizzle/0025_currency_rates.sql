ALTER TABLE "money_settings" ADD COLUMN "rates" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "money_settings" ADD COLUMN "rates_base" text DEFAULT '' NOT NULL;