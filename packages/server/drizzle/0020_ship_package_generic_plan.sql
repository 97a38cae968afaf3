-- Scan Kirim: PostgreSQL plans a function's statements for their values on each connection's
-- first five calls before it keeps one plan. For ship_package that cost 1.2-1.6 ms a call against
-- 0.4-0.5 ms with the kept plan (the same call, timed in psql on the full benchmark dataset):
-- with a pool of ten connections, the first fifty packages after a start paid it. Every
-- statement the function runs finds its rows by one value or a list of primary keys (the order's
-- id, the products' ids, the totals' and counters' keys of its triggers), so the plan does not
-- depend on the values and the first call's plan is kept. Behaviour unchanged.
ALTER FUNCTION ship_package(jsonb, integer, text, text, date, timestamptz, integer, text, text, text)
	SET plan_cache_mode = force_generic_plan;
