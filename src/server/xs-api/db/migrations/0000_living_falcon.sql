CREATE TABLE "brands" (
	"brand_code" text PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"brand_logo" text
);
--> statement-breakpoint
CREATE TABLE "delivery_rates" (
	"state_code" text PRIMARY KEY NOT NULL,
	"base_sen" integer NOT NULL,
	"per_km_sen" integer NOT NULL,
	"free_above_sen" integer
);
--> statement-breakpoint
CREATE TABLE "pickup_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"pickup_min_time" integer NOT NULL,
	"pickup_min_time_range" text NOT NULL,
	"pickup_max_time_range" text NOT NULL,
	"pickup_days_range" text NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"group_code" text PRIMARY KEY NOT NULL,
	"group_name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_lines" (
	"line_code" text PRIMARY KEY NOT NULL,
	"group_code" text NOT NULL,
	"line_name" jsonb NOT NULL,
	"line_icon" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_code" text PRIMARY KEY NOT NULL,
	"line_code" text NOT NULL,
	"brand_code" text,
	"product_name" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"product_description" jsonb,
	"product_detail" jsonb,
	"pictures" jsonb NOT NULL,
	"price_sen" integer NOT NULL,
	"final_price_sen" integer NOT NULL,
	"unit" text DEFAULT 'pack' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"top_sales" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"state_code" text PRIMARY KEY NOT NULL,
	"state_name" text NOT NULL,
	"is_federal_territory" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"store_code" text NOT NULL,
	"product_code" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "store_stock_store_code_product_code_pk" PRIMARY KEY("store_code","product_code")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"store_code" text PRIMARY KEY NOT NULL,
	"store_no" text NOT NULL,
	"store_name" text NOT NULL,
	"store_address" text NOT NULL,
	"store_city" text NOT NULL,
	"state_code" text NOT NULL,
	"store_phone" text NOT NULL,
	"latitude" real NOT NULL,
	"longitude" real NOT NULL,
	"store_pickdel" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stores_store_no_unique" UNIQUE("store_no")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"add_id" serial PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"add_person" text NOT NULL,
	"add_phone" text NOT NULL,
	"add_address1" text NOT NULL,
	"add_address2" text NOT NULL,
	"add_city" text NOT NULL,
	"add_postcode" text NOT NULL,
	"add_state" text NOT NULL,
	"add_country" text DEFAULT 'Malaysia' NOT NULL,
	"add_default" boolean DEFAULT false NOT NULL,
	"latitude" real,
	"longitude" real,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"member_code" text NOT NULL,
	"store_no" text NOT NULL,
	"product_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_member_code_store_no_product_code_pk" PRIMARY KEY("member_code","store_no","product_code")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"member_code" text PRIMARY KEY NOT NULL,
	"customer_firstname" text NOT NULL,
	"customer_lastname" text DEFAULT '' NOT NULL,
	"customer_mobile" text NOT NULL,
	"customer_email" text,
	"password_hash" text NOT NULL,
	"customer_picture" text,
	"customer_point" integer DEFAULT 0 NOT NULL,
	"birthday" date,
	"birthday_claimed_year" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_customer_mobile_unique" UNIQUE("customer_mobile")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"member_code" text NOT NULL,
	"product_code" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_member_code_product_code_pk" PRIMARY KEY("member_code","product_code")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"category" text NOT NULL,
	"rating" text NOT NULL,
	"store_code" text,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"latitude" real NOT NULL,
	"longitude" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_vouchers" (
	"vm_voucher_no" text PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"vc_code" text NOT NULL,
	"vc_no" text NOT NULL,
	"vc_expire_date" date NOT NULL,
	"used_at" timestamp with time zone,
	"used_order_refno" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_code" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outlet_purchases" (
	"transno" text PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"store_code" text NOT NULL,
	"purchase_date" date NOT NULL,
	"amount_sen" integer NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"transno" text PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	"store_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_number" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"vc_code" text PRIMARY KEY NOT NULL,
	"vc_name" jsonb NOT NULL,
	"vc_image" text NOT NULL,
	"vc_amount" text NOT NULL,
	"vc_redeem_formula" integer,
	"min_spend_sen" integer DEFAULT 0 NOT NULL,
	"vc_tnc" text NOT NULL,
	"is_birthday" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_refno" text NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"product_picture" text NOT NULL,
	"product_quantity" integer NOT NULL,
	"product_price_sen" integer NOT NULL,
	"product_amount_sen" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_refno" text PRIMARY KEY NOT NULL,
	"member_code" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_date" date NOT NULL,
	"status" text NOT NULL,
	"order_del_type" text NOT NULL,
	"store_code" text NOT NULL,
	"subtotal_sen" integer NOT NULL,
	"order_delivery_charges_sen" integer NOT NULL,
	"order_voucher_amount_sen" integer NOT NULL,
	"order_rounding_sen" integer NOT NULL,
	"order_amount_sen" integer NOT NULL,
	"order_remark" text DEFAULT '' NOT NULL,
	"bill_platform" text DEFAULT 'website' NOT NULL,
	"order_bill" jsonb NOT NULL,
	"order_del" jsonb,
	"order_del_pickup_store_code" text,
	"order_del_pickup_store_name" text,
	"order_del_pickup_store_phone" text,
	"order_del_pickup_date" date,
	"order_del_pickup_time" text,
	"distance_km" real,
	"order_voucher_code" text,
	"order_voucher_no" text,
	"order_voucher_name" text,
	"tracking_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"order_refno" text NOT NULL,
	"provider" text NOT NULL,
	"amount_sen" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"member_code" text NOT NULL,
	"order_refno" text,
	"review_rate" integer NOT NULL,
	"review_comment" text NOT NULL,
	"review_datetime" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_info" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "header_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"banner_url" text NOT NULL,
	"link" text NOT NULL,
	"alt" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_banners" (
	"banner_id" serial PRIMARY KEY NOT NULL,
	"banner_name" jsonb NOT NULL,
	"banner_image" jsonb NOT NULL,
	"banner_desc" jsonb NOT NULL,
	"banner_url" jsonb NOT NULL,
	"product_codes" jsonb NOT NULL,
	"banner_start_date" date NOT NULL,
	"banner_end_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_state_code_states_state_code_fk" FOREIGN KEY ("state_code") REFERENCES "public"."states"("state_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lines" ADD CONSTRAINT "product_lines_group_code_product_groups_group_code_fk" FOREIGN KEY ("group_code") REFERENCES "public"."product_groups"("group_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_line_code_product_lines_line_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."product_lines"("line_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_code_brands_brand_code_fk" FOREIGN KEY ("brand_code") REFERENCES "public"."brands"("brand_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_state_code_states_state_code_fk" FOREIGN KEY ("state_code") REFERENCES "public"."states"("state_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_vouchers" ADD CONSTRAINT "member_vouchers_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_vouchers" ADD CONSTRAINT "member_vouchers_vc_code_vouchers_vc_code_fk" FOREIGN KEY ("vc_code") REFERENCES "public"."vouchers"("vc_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_purchases" ADD CONSTRAINT "outlet_purchases_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_purchases" ADD CONSTRAINT "outlet_purchases_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_refno_orders_order_refno_fk" FOREIGN KEY ("order_refno") REFERENCES "public"."orders"("order_refno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_refno_orders_order_refno_fk" FOREIGN KEY ("order_refno") REFERENCES "public"."orders"("order_refno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_refno_orders_order_refno_fk" FOREIGN KEY ("order_refno") REFERENCES "public"."orders"("order_refno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_line_idx" ON "products" USING btree ("line_code");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "addresses_member_idx" ON "addresses" USING btree ("member_code");--> statement-breakpoint
CREATE INDEX "member_vouchers_member_idx" ON "member_vouchers" USING btree ("member_code");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_code");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_refno");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_code","created_at");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_code");