-- The kill switch (issue 49): the remotes the shell loads for no one until a manager clears the
-- list (PUT /api/settings `disabled_remotes`). In the database, so every app server reads the same.
ALTER TABLE "shop_settings" ADD COLUMN "disabled_remotes" text[] DEFAULT '{}' NOT NULL;
