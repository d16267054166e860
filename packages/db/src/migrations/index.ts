/** The committed migrations, oldest first (written by `npm run migration:create -w @gatehouse/db`). */
import { Migration20261121055725 } from './Migration20261121055725';

export const migrationsList = [{ name: 'Migration20261121055725', class: Migration20261121055725 }];
