-- The grants of the application role in one receiver schema (docs/postgres.md, "Roles").
-- Run by the schema's owner after the schema files (V1__schema.sql to V4__lock_card.sql). {schema} and {role} are plain lower-case
-- identifiers, checked before substitution. What is missing is the point: no UPDATE, DELETE or
-- TRUNCATE on the audit, no UPDATE on identity records, no DDL and no ownership of anything, so
-- the role can neither rewrite the evidence nor drop the triggers that guard it.
REVOKE ALL ON SCHEMA {schema} FROM PUBLIC;
GRANT USAGE ON SCHEMA {schema} TO {role};
GRANT SELECT ON schema_version, replacement_counters TO {role};
GRANT SELECT, INSERT ON audit TO {role};
GRANT SELECT, INSERT, UPDATE ON cards TO {role};
-- DELETE is pruning (SPEC section 5); variants go with their record through ON DELETE CASCADE.
GRANT SELECT, INSERT, DELETE ON identity_records TO {role};
GRANT SELECT, INSERT ON identity_variants TO {role};
GRANT SELECT, INSERT, UPDATE ON held_inputs TO {role};
GRANT EXECUTE ON FUNCTION lock_event(text), lock_card(text), lock_cards(text[]),
  guard_card_write(text, bigint) TO {role};
