import { Migration } from '@mikro-orm/migrations';

/**
 * A recurring pass's host may be told when its holder arrives and leaves: the pass's
 * `notify_on_arrival` (off for every pass until its host turns it on), and triggers on
 * `pass_entry` that write the host's notification about the pass in the same transaction
 * as the check-in or check-out, with the NOTIFY that wakes the Web Push sender.
 */
export class Migration20261127110000 extends Migration {

  override name = 'Migration20261127110000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "recurring_pass" add "notify_on_arrival" boolean not null default false;`);

    this.addSql(`create or replace function "pass_entry_pass_entry_notify_insert_fn"() returns trigger as \$\$ begin insert into notification (user_id, kind, pass_id) select u.id, 'visitor.checked-in', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "pass_entry_notify_insert" AFTER INSERT on "pass_entry" for each ROW execute function "pass_entry_pass_entry_notify_insert_fn"();`);
    this.addSql(`create or replace function "pass_entry_pass_entry_notify_update_fn"() returns trigger as \$\$ begin if old.check_out_time is null and new.check_out_time is not null then insert into notification (user_id, kind, pass_id) select u.id, 'visitor.checked-out', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "pass_entry_notify_update" AFTER UPDATE on "pass_entry" for each ROW execute function "pass_entry_pass_entry_notify_update_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "pass_entry_notify_insert" on "pass_entry";`);
    this.addSql(`drop function if exists "pass_entry_pass_entry_notify_insert_fn"();`);
    this.addSql(`drop trigger if exists "pass_entry_notify_update" on "pass_entry";`);
    this.addSql(`drop function if exists "pass_entry_pass_entry_notify_update_fn"();`);

    this.addSql(`alter table "recurring_pass" drop column "notify_on_arrival";`);
  }

}
