-- The audit log names API keys too (docs/teams.md): a change made through /v3/lists,
-- /v3/templates or /v3/topups is written with actor_type 'api_key' and the key's display
-- prefix as actor. Expand only: the CHECK is widened, every row the previous release writes
-- ('member', 'operator') still passes. audit_log is small and not a hot table (a few hundred
-- bytes per change made by people or keys' list and template calls), so re-checking its rows
-- under the ALTER's lock takes a moment.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_type_check";
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_type_check" CHECK ("actor_type" IN ('member', 'operator', 'api_key'));
