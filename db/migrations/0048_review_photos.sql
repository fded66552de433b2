CREATE TABLE "review_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"review_id" text NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_review_position" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "review_photos_hash_idx" ON "review_photos" USING btree ("hash");