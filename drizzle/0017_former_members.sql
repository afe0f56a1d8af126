ALTER TABLE "houses" DROP CONSTRAINT "houses_suggested_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_rounds" DROP CONSTRAINT "mail_rounds_sent_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_expense_shares" DROP CONSTRAINT "money_expense_shares_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_expenses" DROP CONSTRAINT "money_expenses_paid_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_expenses" DROP CONSTRAINT "money_expenses_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_history" DROP CONSTRAINT "money_history_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_payers" DROP CONSTRAINT "money_payers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_payments" DROP CONSTRAINT "money_payments_from_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_payments" DROP CONSTRAINT "money_payments_to_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_payments" DROP CONSTRAINT "money_payments_recorded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "money_settings" DROP CONSTRAINT "money_settings_receiver_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "organisers" DROP CONSTRAINT "organisers_added_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_items" DROP CONSTRAINT "trip_items_claimed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_rides" DROP CONSTRAINT "trip_rides_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_rides" DROP CONSTRAINT "trip_rides_driver_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_room_people" DROP CONSTRAINT "trip_room_people_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_travel" DROP CONSTRAINT "trip_travel_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rounds" ADD CONSTRAINT "mail_rounds_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_expense_shares" ADD CONSTRAINT "money_expense_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_expenses" ADD CONSTRAINT "money_expenses_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_expenses" ADD CONSTRAINT "money_expenses_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_history" ADD CONSTRAINT "money_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payers" ADD CONSTRAINT "money_payers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_settings" ADD CONSTRAINT "money_settings_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisers" ADD CONSTRAINT "organisers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_items" ADD CONSTRAINT "trip_items_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rides" ADD CONSTRAINT "trip_rides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rides" ADD CONSTRAINT "trip_rides_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_room_people" ADD CONSTRAINT "trip_room_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_travel" ADD CONSTRAINT "trip_travel_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;