-- A stock report is no longer kept across its own log entry (docs/adr/0022-one-read-cache.md):
-- the entry is written after the report is read, out of the read, like any other write, so
-- the transactions "that wrote nothing a kept answer reads" (0021, lib/kept-results.ts'
-- writeUnread) are no longer recorded. Their table goes; the schema "runtime" stays (0017).
DROP TABLE IF EXISTS "runtime"."unread_transactions";
