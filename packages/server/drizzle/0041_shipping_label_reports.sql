-- Label dengan isi paket (issue 47): what POST /api/shipping-labels did with each page of a label
-- file, for GET /api/shipping-labels/{id}/report (the answer itself is the PDF). The pages not
-- matched (1-based, with the reason and what looked like the resi), the 'on_label' pages that got
-- a slip for lack of room and the pages whose contents were cut ('dan N produk lagi'). Kept 7 days.
CREATE TABLE "shipping_label_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_label_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"mode" text NOT NULL,
	"batch_id" integer REFERENCES "pick_batches"("id") ON DELETE SET NULL,
	"pages" integer NOT NULL,
	"output_pages" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shortened" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_label_reports_mode_check" CHECK ("mode" in ('on_label', 'slip'))
);
--> statement-breakpoint
-- The reports past their 7 days, removed when a new one is kept.
CREATE INDEX "shipping_label_reports_created_at_idx" ON "shipping_label_reports" USING btree ("created_at");
