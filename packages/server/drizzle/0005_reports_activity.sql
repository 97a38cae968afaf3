-- Log Aktivitas: newest first, filtered by action and searched over details, user
-- name and email. Hand-written like 0002-0004.

-- The action filter's page: (action, timestamp, id) read in order, the id as the tiebreak of
-- equal timestamps, so that no page sorts the matching rows.
DROP INDEX "activity_logs_action_timestamp_idx";
--> statement-breakpoint
CREATE INDEX "activity_logs_action_timestamp_idx" ON "activity_logs" USING btree ("action", "timestamp" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- The search matches details, user name and email as one text joined by chr(1) (which no search
-- can contain, so a match never spans two columns): one trigram index instead of three.
CREATE INDEX "activity_logs_search_trgm_idx" ON "activity_logs" USING gin ((
	"details" || chr(1) || "user_name" || chr(1) || "user_email"
) gin_trgm_ops);
--> statement-breakpoint
-- Replaced by the joined index above: every write of the app logs, so each index costs.
DROP INDEX "activity_logs_details_trgm_idx";
--> statement-breakpoint
DROP INDEX "activity_logs_user_name_trgm_idx";
