-- One package, one resi (0014), the same rule at a lower price: the exclusion constraint's GiST
-- index led by a 64-bit hash of lower(resi_number). The rule is unchanged and exact - two
-- records conflict when their hashes are equal, their packages differ and their resis are equal
-- (any letter case) - but the tree is now ordered by an integer: an insertion chooses its page
-- by comparing integers instead of btree_gist's text penalties, which were the dearest part of
-- writing a Barang Keluar record (perf, docs/benchmarks.md 2026-11-28: the GiST's insertion and
-- check 7.7% of the machine during a run of sales). Measured on the full bench dataset (600,000
-- records), PostgreSQL CPU per sale 0.67-0.74 -> 0.60-0.65 ms, sales 1,423-1,663 -> 1,683-1,812/s.
ALTER TABLE "outgoing_goods" DROP CONSTRAINT "outgoing_goods_resi_one_package";
--> statement-breakpoint
ALTER TABLE "outgoing_goods" ADD CONSTRAINT "outgoing_goods_resi_one_package"
	EXCLUDE USING gist (
		hashtextextended(lower("resi_number"), 0) WITH =,
		(coalesce("marketplace_order_id", -"id")) WITH <>,
		lower("resi_number") WITH =);
