CREATE TABLE "phone_codes" (
	"member_code" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_member_code_customers_member_code_fk" FOREIGN KEY ("member_code") REFERENCES "public"."customers"("member_code") ON DELETE no action ON UPDATE no action;