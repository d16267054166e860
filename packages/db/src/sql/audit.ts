/** The audit log's guard (entities/audit.ts declares the trigger): a PL/pgSQL trigger body. */

/**
 * `audit_event` before update or delete: refuses both (`audit_event is append-only`) but one
 * update (docs/privacy.md#retention-and-erasure): removing the free text a row about a visitor may
 * hold (`notes`,
 * `reason`, `message`, `note`) from its details when the visitor is erased or anonymised, every
 * other column and detail as it was.
 */
export const AUDIT_EVENT_APPEND_ONLY =
  "if tg_op = 'UPDATE' and (to_jsonb(new) - 'details') = (to_jsonb(old) - 'details') and new.details = old.details - array['notes', 'reason', 'message', 'note'] then return new; end if; raise exception 'audit_event is append-only';";
