CREATE TABLE "money_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"expense_id" integer,
	"uploaded_by" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_receipts_expense_id_unique" UNIQUE("expense_id"),
	CONSTRAINT "money_receipts_type_check" CHECK ("money_receipts"."content_type" in ('image/webp', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "money_receipts" ADD CONSTRAINT "money_receipts_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_receipts" ADD CONSTRAINT "money_receipts_expense_id_money_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."money_expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_receipts" ADD CONSTRAINT "money_receipts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_receipts_house_idx" ON "money_receipts" USING btree ("edition_id") WHERE "money_receipts"."expense_id" is null;