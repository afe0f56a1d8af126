CREATE TABLE "house_photo_renditions" (
	"house_id" integer NOT NULL,
	"width" integer NOT NULL,
	"version" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "house_photo_renditions_house_id_width_pk" PRIMARY KEY("house_id","width")
);
--> statement-breakpoint
ALTER TABLE "house_photo_renditions" ADD CONSTRAINT "house_photo_renditions_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;