CREATE UNIQUE INDEX "redeems_one_pending_per_option" ON "redeems" USING btree ("member_id","option_id") WHERE "redeems"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "redeems_order_idx" ON "redeems" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "redeems_pending_created_idx" ON "redeems" USING btree ("created_at") WHERE "redeems"."status" = 'Pending';