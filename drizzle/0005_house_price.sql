ALTER TABLE "houses" ADD COLUMN "price" double precision;--> statement-breakpoint
ALTER TABLE "houses" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;