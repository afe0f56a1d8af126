ALTER TABLE "money_expense_shares" ADD COLUMN "status" text DEFAULT 'counts' NOT NULL;--> statement-breakpoint
ALTER TABLE "money_settings" ADD COLUMN "consent_limit" integer;--> statement-breakpoint
ALTER TABLE "money_expense_shares" ADD CONSTRAINT "money_expense_shares_status_check" CHECK ("money_expense_shares"."status" in ('counts', 'open', 'waiting', 'refused', 'removed'));--> statement-breakpoint
ALTER TABLE "money_settings" ADD CONSTRAINT "money_settings_consent_limit_check" CHECK ("money_settings"."consent_limit" is null or "money_settings"."consent_limit" >= 0);