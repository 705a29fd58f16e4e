-- Trigram indexes make the admin's search (ILIKE '%words%') use an index instead of reading every
-- post (issue 14.4). pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
