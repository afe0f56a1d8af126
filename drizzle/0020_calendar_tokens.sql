ALTER TABLE "trip_feed_tokens" ALTER COLUMN "salt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_feed_tokens" ADD COLUMN "sealed" text;