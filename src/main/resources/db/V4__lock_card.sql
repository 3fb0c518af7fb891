-- inboxcheck PostgreSQL receiver, schema version 4 (docs/storage-boundary.md section 4.2).
-- Runs once, in one transaction, after V3__lean_writes.sql, inside the schema named by the
-- search_path. It changes what a delivery's read costs the server, not what the store accepts
-- (docs/performance.md, "Sixth pass").

-- The name lock of one card, with the key lock_cards takes for it, as a one-expression SQL
-- function: the planner inlines it into the calling statement, as it does lock_event, so the
-- first read of a delivery (DeliveryRead) locks the envelope's own card without a PL/pgSQL call
-- and the query its PERFORM runs. A NULL name locks nothing, as in lock_cards: the functions
-- around it are strict.
CREATE FUNCTION lock_card(object_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('card:' || object_id, 0))
$$;

INSERT INTO schema_version (version) VALUES (4);
