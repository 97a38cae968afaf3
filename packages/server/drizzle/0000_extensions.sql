-- Trigram indexes serve the substring searches of the lists (ILIKE '%x%').
-- pg_trgm is a trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
