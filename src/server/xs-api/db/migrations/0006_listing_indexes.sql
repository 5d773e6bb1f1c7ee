-- Trigram matching for product search (ILIKE %word%): a trusted contrib extension on PostgreSQL; PGlite loads it at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "product_lines_group_idx" ON "product_lines" USING btree ("group_code","sort_order");--> statement-breakpoint
CREATE INDEX "products_active_top_sales_idx" ON "products" USING btree ("top_sales" DESC NULLS FIRST,"product_code") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_latest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"product_code") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("final_price_sen","product_code") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_line_top_sales_idx" ON "products" USING btree ("line_code","top_sales" DESC NULLS FIRST,"product_code") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_line_latest_idx" ON "products" USING btree ("line_code","created_at" DESC NULLS FIRST,"product_code") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_line_price_idx" ON "products" USING btree ("line_code","final_price_sen","product_code") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_code","top_sales" DESC NULLS FIRST,"product_code") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("top_sales" DESC NULLS FIRST,"product_code") WHERE "products"."is_active" and "products"."is_featured";--> statement-breakpoint
CREATE INDEX "products_promotion_idx" ON "products" USING btree ("top_sales" DESC NULLS FIRST,"product_code") WHERE "products"."is_active" and "products"."final_price_sen" < "products"."price_sen";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_stock_product_idx" ON "store_stock" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "favourites_member_added_idx" ON "favourites" USING btree ("member_code","added_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_member_idx" ON "notifications" USING btree ("member_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outlet_purchases_member_idx" ON "outlet_purchases" USING btree ("member_code","purchase_date" DESC NULLS FIRST,"transno" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "point_transactions_member_idx" ON "point_transactions" USING btree ("member_code","created_at" DESC NULLS FIRST,"transno" DESC NULLS FIRST);