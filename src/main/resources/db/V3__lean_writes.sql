-- inboxcheck PostgreSQL receiver, schema version 3 (docs/storage-boundary.md section 3).
-- Runs once, in one transaction, after V2__enum_columns.sql, inside the schema named by the
-- search_path. It changes what a delivery's write costs the server, not what the store accepts
-- (docs/performance.md, "Third pass").

-- The CHECK constraints left after version 2 become domains with the same conditions: an empty
-- card name or event id, and a negative card version, are refused as before, NULL is left to the
-- NOT NULL of each column as before. PostgreSQL reads a table's CHECK constraints back from their
-- stored form and plans them again for every statement that writes the table; a domain's
-- condition is planned once per session and kept.
CREATE DOMAIN nonempty_text AS text CHECK (VALUE <> '');
CREATE DOMAIN card_version AS bigint CHECK (VALUE >= 0);

ALTER TABLE cards
  DROP CONSTRAINT cards_object_id_check,
  DROP CONSTRAINT cards_version_check,
  ALTER COLUMN object_id TYPE nonempty_text,
  ALTER COLUMN version TYPE card_version;

ALTER TABLE identity_records
  DROP CONSTRAINT identity_records_event_id_check,
  ALTER COLUMN event_id TYPE nonempty_text;

-- An identity record's first delivery is named without a foreign key. The key was checked on
-- every first delivery by locking the audit row it names (FOR KEY SHARE), which also wrote that
-- lock to the WAL, and it could never fail: the record is written by the statement that appends
-- its audit row and takes that row's seq from the same statement (EffectsWriter), and audit rows
-- are never updated, deleted or truncated (audit_append_only, audit_no_truncate). The variants'
-- and the held inputs' keys, written by rarer deliveries, stay.
ALTER TABLE identity_records DROP CONSTRAINT identity_records_first_delivery_seq_fkey;

INSERT INTO schema_version (version) VALUES (3);
