CREATE INDEX "point_transactions_totals_idx" ON "point_transactions" USING btree ("transaction_type","activity_type","points");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "refunds_status_amount_idx" ON "refunds" USING btree ("status","amount_cents");