-- A label file's report names the pick list's orders that no page of the file is the label of
-- (QA walk L: a one-label file for a two-order pick list said 'Semua halaman cocok dengan
-- pesanan.', and the packer had no word of the order without a label).
ALTER TABLE "shipping_label_reports" ADD COLUMN "missing" jsonb DEFAULT '[]'::jsonb NOT NULL;
