import { Migration } from '@mikro-orm/migrations';

/**
 * Visitor privacy and retention (docs/privacy.md#retention-and-erasure):
 * `visitor_invitation.anonymised_at` (when the
 * retention job or an admin's erase removed the visitor's personal data), the only rows whose
 * phone may be '' (a CHECK), a partial index for the retention job's walk, the audit actions
 * `visitor.anonymised` and `visitor.erased`, and the append-only audit trigger allowing one
 * change: removing an anonymised visitor's gate notes from a row's details.
 */
export class Migration20261125184416 extends Migration {

  override name = 'Migration20261125184416';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`drop trigger if exists "audit_event_append_only" on "audit_event";`);
    this.addSql(`drop function if exists "audit_event_audit_event_append_only_fn"();`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased'));`);
    this.addSql(`create or replace function "audit_event_audit_event_append_only_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and (to_jsonb(new) - 'details') = (to_jsonb(old) - 'details') and (old.details -> 'notes') is not null and new.details = old.details - 'notes' then return new; end if; raise exception 'audit_event is append-only'; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "audit_event_append_only" BEFORE UPDATE OR DELETE on "audit_event" for each ROW execute function "audit_event_audit_event_append_only_fn"();`);

    this.addSql(`alter table "visitor_invitation" add "anonymised_at" timestamptz null;`);
    this.addSql(`create index "visitor_invitation_retention_index" on "visitor_invitation" ("visit_date") where "anonymised_at" is null;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_phone_check" check (phone <> '' or anonymised_at is not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`drop trigger if exists "audit_event_append_only" on "audit_event";`);
    this.addSql(`drop function if exists "audit_event_audit_event_append_only_fn"();`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked'));`);
    this.addSql(`create or replace function "audit_event_audit_event_append_only_fn"() returns trigger as \$\$ begin raise exception 'audit_event is append-only'; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "audit_event_append_only" BEFORE DELETE OR UPDATE on "audit_event" for each ROW execute function "audit_event_audit_event_append_only_fn"();`);

    this.addSql(`drop index "visitor_invitation_retention_index";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_phone_check";`);
    this.addSql(`alter table "visitor_invitation" drop column "anonymised_at";`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
