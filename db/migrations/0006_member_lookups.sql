CREATE INDEX "customers_member_idx" ON "customers" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id");