-- A big marketplace order import commits in batches on PGlite (issue 41; docs/adr/0026): its new
-- orders and their lines are written a batch at a time, each batch its own short transaction, so
-- that other requests run in between, and stay hidden until one short final transaction shows
-- them all at once. The tables become marketplace_orders_all and marketplace_order_lines_all; the
-- old names are views over them that leave out the rows of an import still being written (its
-- id in marketplace_imports_pending). Every reader and writer keeps its name and sees a hidden
-- row as an order that does not exist yet. The views are automatically updatable (one table, a
-- WHERE), so UPDATE, DELETE, INSERT and SELECT ... FOR UPDATE through them reach the tables; the
-- tables keep their indexes, triggers and foreign keys. Two limits: INSERT ... ON CONFLICT
-- through a view meets (and would update) a hidden row, so the import writes to the table; and a
-- column added to a table later must be added to its view too (the views list the columns of
-- today).
ALTER TABLE "marketplace_orders" RENAME TO "marketplace_orders_all";
--> statement-breakpoint
ALTER TABLE "marketplace_order_lines" RENAME TO "marketplace_order_lines_all";
--> statement-breakpoint
-- The import that wrote the row in batches (marketplace_imports.id; null: written otherwise).
-- No foreign key: the preview may be removed later, the orders stay.
ALTER TABLE "marketplace_orders_all" ADD COLUMN "import_id" integer;
--> statement-breakpoint
ALTER TABLE "marketplace_order_lines_all" ADD COLUMN "import_id" integer;
--> statement-breakpoint
-- The imports being written: at most one per channel (a second commit of the channel waits for
-- the first to finish, so no import ever meets another's hidden orders). A row left by a crash
-- is removed with its rows when the server starts.
CREATE TABLE "marketplace_imports_pending" (
	"id" integer PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_imports_pending_channel_key" UNIQUE ("channel")
);
--> statement-breakpoint
-- The pending ids read once per statement (an InitPlan), not once per row. A view has no system
-- columns: the orders' xmin (Scan Kirim's version of the order it showed) is one of its columns.
CREATE VIEW "marketplace_orders" AS
	SELECT *, xmin AS "xmin" FROM "marketplace_orders_all"
	 WHERE "import_id" IS NULL
	    OR "import_id" <> ALL (ARRAY(SELECT "id" FROM "marketplace_imports_pending"));
--> statement-breakpoint
CREATE VIEW "marketplace_order_lines" AS
	SELECT * FROM "marketplace_order_lines_all"
	 WHERE "import_id" IS NULL
	    OR "import_id" <> ALL (ARRAY(SELECT "id" FROM "marketplace_imports_pending"));
