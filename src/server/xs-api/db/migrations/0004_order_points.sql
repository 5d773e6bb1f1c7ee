ALTER TABLE "point_transactions" ADD COLUMN "order_refno" text;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD COLUMN "kind" text;--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_order_kind_idx" ON "point_transactions" USING btree ("order_refno","kind");