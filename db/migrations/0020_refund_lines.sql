CREATE TABLE "refund_lines" (
	"refund_id" text NOT NULL,
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "refund_lines_refund_id_position_pk" PRIMARY KEY("refund_id","position"),
	CONSTRAINT "refund_line_quantity_positive" CHECK ("refund_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_fk" FOREIGN KEY ("order_id","position") REFERENCES "public"."order_lines"("order_id","position") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_order_idx" ON "refund_lines" USING btree ("order_id");