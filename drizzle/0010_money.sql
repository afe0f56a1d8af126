CREATE TABLE "money_expense_shares" (
	"expense_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "money_expense_shares_expense_id_user_id_pk" PRIMARY KEY("expense_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "money_expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_by" integer NOT NULL,
	"split" text NOT NULL,
	"author_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_expenses_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "money_expenses_amount_check" CHECK ("money_expenses"."amount" > 0),
	CONSTRAINT "money_expenses_split_check" CHECK ("money_expenses"."split" in ('equal', 'weights', 'exact'))
);
--> statement-breakpoint
CREATE TABLE "money_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"old_value" text DEFAULT '' NOT NULL,
	"new_value" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_payers" (
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"user_id" integer NOT NULL,
	"included" boolean,
	"weight" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_payers_edition_id_user_id_pk" PRIMARY KEY("edition_id","user_id"),
	CONSTRAINT "money_payers_weight_check" CHECK ("money_payers"."weight" is null or "money_payers"."weight" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "money_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer DEFAULT current_edition_id() NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text DEFAULT 'share' NOT NULL,
	"status" text NOT NULL,
	"paid_on" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "money_payments_amount_check" CHECK ("money_payments"."amount" > 0),
	CONSTRAINT "money_payments_status_check" CHECK ("money_payments"."status" in ('reported', 'confirmed', 'rejected')),
	CONSTRAINT "money_payments_kind_check" CHECK ("money_payments"."kind" in ('share', 'settle'))
);
--> statement-breakpoint
CREATE TABLE "money_settings" (
	"edition_id" integer PRIMARY KEY DEFAULT current_edition_id() NOT NULL,
	"receiver_id" integer,
	"child_weight" integer DEFAULT 50 NOT NULL,
	"deposit_kind" text DEFAULT 'none' NOT NULL,
	"deposit_value" integer DEFAULT 0 NOT NULL,
	"deposit_due" text DEFAULT '' NOT NULL,
	"balance_due" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"reminder_failed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_settings_child_weight_check" CHECK ("money_settings"."child_weight" in (0, 50, 100)),
	CONSTRAINT "money_settings_deposit_kind_check" CHECK ("money_settings"."deposit_kind" in ('none', 'fixed', 'percent'))
);
--> statement-breakpoint
ALTER TABLE "money_expense_shares" ADD CONSTRAINT "money_expense_shares_expense_id_money_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."money_expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_expense_shares" ADD CONSTRAINT "money_expense_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_expenses" ADD CONSTRAINT "money_expenses_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_expenses" ADD CONSTRAINT "money_expenses_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_expenses" ADD CONSTRAINT "money_expenses_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_history" ADD CONSTRAINT "money_history_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_history" ADD CONSTRAINT "money_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payers" ADD CONSTRAINT "money_payers_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payers" ADD CONSTRAINT "money_payers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_settings" ADD CONSTRAINT "money_settings_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_settings" ADD CONSTRAINT "money_settings_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_expenses_edition_idx" ON "money_expenses" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "money_history_edition_idx" ON "money_history" USING btree ("edition_id","at");--> statement-breakpoint
CREATE INDEX "money_payments_edition_idx" ON "money_payments" USING btree ("edition_id");