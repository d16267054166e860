import { Migration } from '@mikro-orm/migrations';

/**
 * My Invitations counts a host's invitations in the request's community
 * (docs/api.md#communities): an index of (host, community) answers the count from the index
 * alone, where the host's index made it read every invitation's row to check its community
 * (docs/performance.md#the-targets, target 3). It replaces the host's index, which it serves.
 */
export class Migration20261129100000 extends Migration {

  override name = 'Migration20261129100000';

  override up(): void | Promise<void> {
    this.addSql(`create index "visitor_invitation_host_community_index" on "visitor_invitation" ("host_id", "community_id");`);
    this.addSql(`drop index if exists "visitor_invitation_host_id_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "visitor_invitation_host_id_index" on "visitor_invitation" ("host_id");`);
    this.addSql(`drop index if exists "visitor_invitation_host_community_index";`);
  }

}
