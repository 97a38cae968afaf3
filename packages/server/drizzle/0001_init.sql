CREATE TABLE "activity_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damaged_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "damaged_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer,
	"barcode_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"stock" integer NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"damage_reason" text NOT NULL,
	"date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damaged_goods_stock_check" CHECK ("damaged_goods"."stock" > 0)
);
--> statement-breakpoint
CREATE TABLE "incoming_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incoming_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"date" date NOT NULL,
	"resi_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"platform" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incoming_goods_resi_number_key" UNIQUE("resi_number"),
	CONSTRAINT "incoming_goods_quantity_check" CHECK ("incoming_goods"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"date" date NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"resi_number" text NOT NULL,
	"bank" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0),
	CONSTRAINT "orders_price_check" CHECK ("orders"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outgoing_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"date" date NOT NULL,
	"resi_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"barcode" text NOT NULL,
	"purchase_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"selling_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_goods_resi_number_key" UNIQUE("resi_number"),
	CONSTRAINT "outgoing_goods_quantity_check" CHECK ("outgoing_goods"."quantity" > 0),
	CONSTRAINT "outgoing_goods_purchase_price_check" CHECK ("outgoing_goods"."purchase_price" >= 0),
	CONSTRAINT "outgoing_goods_selling_price_check" CHECK ("outgoing_goods"."selling_price" >= 0),
	CONSTRAINT "outgoing_goods_discount_check" CHECK ("outgoing_goods"."discount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"barcode_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"initial_stock" integer DEFAULT 0 NOT NULL,
	"current_stock" integer DEFAULT 0 NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_barcode_id_key" UNIQUE("barcode_id"),
	CONSTRAINT "products_code_key" UNIQUE("code"),
	CONSTRAINT "products_initial_stock_check" CHECK ("products"."initial_stock" >= 0),
	CONSTRAINT "products_current_stock_check" CHECK ("products"."current_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'manager'))
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_goods" ADD CONSTRAINT "damaged_goods_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_goods" ADD CONSTRAINT "damaged_goods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_goods" ADD CONSTRAINT "incoming_goods_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_goods" ADD CONSTRAINT "incoming_goods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_goods" ADD CONSTRAINT "outgoing_goods_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_goods" ADD CONSTRAINT "outgoing_goods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_timestamp_idx" ON "activity_logs" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_logs_action_timestamp_idx" ON "activity_logs" USING btree ("action","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_logs_user_id_idx" ON "activity_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activity_logs_details_trgm_idx" ON "activity_logs" USING gin ("details" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activity_logs_user_name_trgm_idx" ON "activity_logs" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "damaged_goods_date_idx" ON "damaged_goods" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "damaged_goods_product_id_idx" ON "damaged_goods" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "damaged_goods_name_trgm_idx" ON "damaged_goods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "damaged_goods_code_trgm_idx" ON "damaged_goods" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incoming_goods_date_idx" ON "incoming_goods" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incoming_goods_product_id_idx" ON "incoming_goods" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "incoming_goods_resi_trgm_idx" ON "incoming_goods" USING gin ("resi_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incoming_goods_platform_trgm_idx" ON "incoming_goods" USING gin ("platform" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_product_id_idx" ON "orders" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "orders_resi_number_idx" ON "orders" USING btree ("resi_number");--> statement-breakpoint
CREATE INDEX "orders_resi_trgm_idx" ON "orders" USING gin ("resi_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outgoing_goods_date_idx" ON "outgoing_goods" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outgoing_goods_product_id_idx" ON "outgoing_goods" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "outgoing_goods_resi_trgm_idx" ON "outgoing_goods" USING gin ("resi_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_code_trgm_idx" ON "products" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_trgm_idx" ON "products" USING gin ("brand" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_trgm_idx" ON "products" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_current_stock_idx" ON "products" USING btree ("current_stock");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));