CREATE TABLE "capacity_bookings" (
	"store_code" text NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"time" text DEFAULT '' NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "capacity_bookings_store_code_kind_date_time_pk" PRIMARY KEY("store_code","kind","date","time")
);
--> statement-breakpoint
CREATE TABLE "outlet_capacity" (
	"store_code" text PRIMARY KEY NOT NULL,
	"pickup_slot_capacity" integer,
	"delivery_day_capacity" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "staff_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_staff_id" integer,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_outlets" (
	"staff_id" integer NOT NULL,
	"store_code" text NOT NULL,
	CONSTRAINT "staff_outlets_staff_id_store_code_pk" PRIMARY KEY("staff_id","store_code")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"client" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "point_transactions_order_kind_idx";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "short_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collection_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "capacity_bookings" ADD CONSTRAINT "capacity_bookings_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_capacity" ADD CONSTRAINT "outlet_capacity_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_capacity" ADD CONSTRAINT "outlet_capacity_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_actor_staff_id_staff_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_outlets" ADD CONSTRAINT "staff_outlets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_outlets" ADD CONSTRAINT "staff_outlets_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_events_subject_idx" ON "staff_events" USING btree ("subject","id");--> statement-breakpoint
CREATE INDEX "staff_outlets_store_idx" ON "staff_outlets" USING btree ("store_code");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_order_kind_idx" ON "point_transactions" USING btree ("order_refno","kind") WHERE "point_transactions"."kind" in ('earn', 'reverse');--> statement-breakpoint
-- Payments refunded before partial refunds existed were refunded whole.
UPDATE "payments" SET "refunded_sen" = COALESCE("paid_amount_sen", "amount_sen") WHERE "status" = 'refunded';--> statement-breakpoint
-- The places already taken by orders placed before slots had a capacity (src/domain/slot-capacity.ts).
INSERT INTO "capacity_bookings" ("store_code", "kind", "date", "time", "taken")
SELECT "store_code", 'PICKUP', "order_del_pickup_date", "order_del_pickup_time", count(*)::int FROM "orders"
WHERE "order_del_type" = 'PICKUP' AND "status" <> 'Cancelled' AND "order_del_pickup_date" IS NOT NULL AND "order_del_pickup_time" IS NOT NULL
  AND "store_code" IN (SELECT "store_code" FROM "stores")
GROUP BY "store_code", "order_del_pickup_date", "order_del_pickup_time"
UNION ALL
SELECT "store_code", 'DELIVERY', "order_date", '', count(*)::int FROM "orders"
WHERE "order_del_type" = 'DELIVERY' AND "status" <> 'Cancelled' AND "store_code" IN (SELECT "store_code" FROM "stores")
GROUP BY "store_code", "order_date";
