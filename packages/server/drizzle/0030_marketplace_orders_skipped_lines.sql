-- An order imported with 'Lewati baris bermasalah' keeps the lines it was imported without
-- (issue 42 M5): each skipped line's SKU, variation, product name, quantity and why it was
-- skipped. While one is listed, Scan Kirim and 'Catat sebagai Barang Keluar' refuse the package
-- (a manager may confirm shipping without it); a later import that adds the line removes it.
-- On the order's own row, so that any change to it changes the row's version, which a ship
-- checks (ship_package's p_seen) or holds locked.
ALTER TABLE "marketplace_orders" ADD COLUMN "skipped_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
