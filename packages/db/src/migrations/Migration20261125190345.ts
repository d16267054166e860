import { Migration } from '@mikro-orm/migrations';

/**
 * The visitor-update event trigger stays quiet in a transaction that set
 * `gatehouse.quiet_visitor_events = 'on'` (docs/privacy.md#retention-and-erasure: the retention
 * job's batches write
 * no visitor.updated event, so no webhook delivery per anonymised visitor). Everything else
 * the trigger does is unchanged.
 */
export class Migration20261125190345 extends Migration {

  override name = 'Migration20261125190345';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists "visitor_invitation_event_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_event_update_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_event_update_fn"() returns trigger as \$\$ begin if current_setting('gatehouse.quiet_visitor_events', true) = 'on' then return null; end if; insert into visitor_event (type, visitor_id, house_id, host_id, state, created_at) values ('visitor.updated', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_event_update" AFTER UPDATE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_event_update_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "visitor_invitation_event_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_event_update_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_event_update_fn"() returns trigger as \$\$ begin insert into visitor_event (type, visitor_id, house_id, host_id, state, created_at) values ('visitor.updated', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_event_update" AFTER UPDATE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_event_update_fn"();`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
