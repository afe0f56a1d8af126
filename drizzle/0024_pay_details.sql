CREATE TABLE "pay_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"iban_holder" text DEFAULT '' NOT NULL,
	"paypal" text DEFAULT '' NOT NULL,
	"venmo" text DEFAULT '' NOT NULL,
	"revolut" text DEFAULT '' NOT NULL,
	"wise" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_details" ADD CONSTRAINT "pay_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;