import { Migration } from '@mikro-orm/migrations';

/**
 * Erasing a visitor reaches every copy of their data:
 * - the audit log's append-only trigger lets an erase or the retention job remove the free
 *   text of the rows about the visitor (the gate's notes, a decision's or refusal's reason, a
 *   Needs review message or note), not only the gate's notes;
 * - the webhook bodies kept for resends lose the pass (token, code and QR image), which a
 *   delivery no longer carries: a receiver must not be able to walk in with what it holds.
 */
export class Migration20261128110000 extends Migration {

  override name = 'Migration20261128110000';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "audit_event_audit_event_append_only_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and (to_jsonb(new) - 'details') = (to_jsonb(old) - 'details') and new.details = old.details - array['notes', 'reason', 'message', 'note'] then return new; end if; raise exception 'audit_event is append-only'; end; \$\$ language plpgsql;`);
    this.addSql(`update "webhook_delivery" set "payload" = jsonb_set("payload", '{data}', ("payload" -> 'data') - array['qrCodeToken', 'passCode', 'qrCodeDataUrl']) where jsonb_typeof("payload" -> 'data') = 'object' and jsonb_exists_any("payload" -> 'data', array['qrCodeToken', 'passCode', 'qrCodeDataUrl']);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function "audit_event_audit_event_append_only_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and (to_jsonb(new) - 'details') = (to_jsonb(old) - 'details') and (old.details -> 'notes') is not null and new.details = old.details - 'notes' then return new; end if; raise exception 'audit_event is append-only'; end; \$\$ language plpgsql;`);
  }

}
