DROP INDEX "point_transactions_member_idx";--> statement-breakpoint
CREATE INDEX "point_transactions_member_history_idx" ON "point_transactions" USING btree ("member_id","transaction_at","id");--> statement-breakpoint
CREATE INDEX "point_transactions_member_kind_idx" ON "point_transactions" USING btree ("member_id","activity_type","transaction_at");