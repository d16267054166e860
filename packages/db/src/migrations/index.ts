/** The committed migrations, oldest first (written by `npm run migration:create -w @gatehouse/db`). */
import { Migration20261121060307 } from './Migration20261121060307';
import { Migration20261121062505 } from './Migration20261121062505';
import { Migration20261121065658 } from './Migration20261121065658';
import { Migration20261124145902 } from './Migration20261124145902';
import { Migration20261124153450 } from './Migration20261124153450';
import { Migration20261125030000 } from './Migration20261125030000';
import { Migration20261125050000 } from './Migration20261125050000';
import { Migration20261125063644 } from './Migration20261125063644';
import { Migration20261125074813 } from './Migration20261125074813';
import { Migration20261125081542 } from './Migration20261125081542';
import { Migration20261125121049 } from './Migration20261125121049';
import { Migration20261125154805 } from './Migration20261125154805';
import { Migration20261125160409 } from './Migration20261125160409';
import { Migration20261125182314 } from './Migration20261125182314';
import { Migration20261125182527 } from './Migration20261125182527';
import { Migration20261125182913 } from './Migration20261125182913';
import { Migration20261125184416 } from './Migration20261125184416';
import { Migration20261125185122 } from './Migration20261125185122';
import { Migration20261125190104 } from './Migration20261125190104';
import { Migration20261125190345 } from './Migration20261125190345';
import { Migration20261125190500 } from './Migration20261125190500';
import { Migration20261125215841 } from './Migration20261125215841';
import { Migration20261125215942 } from './Migration20261125215942';
import { Migration20261125220622 } from './Migration20261125220622';
import { Migration20261126012152 } from './Migration20261126012152';
import { Migration20261126014105 } from './Migration20261126014105';

export const migrationsList = [{ name: 'Migration20261121060307', class: Migration20261121060307 }, { name: 'Migration20261121062505', class: Migration20261121062505 }, { name: 'Migration20261121065658', class: Migration20261121065658 }, { name: 'Migration20261124145902', class: Migration20261124145902 }, { name: 'Migration20261124153450', class: Migration20261124153450 }, { name: 'Migration20261125030000', class: Migration20261125030000 }, { name: 'Migration20261125050000', class: Migration20261125050000 }, { name: 'Migration20261125063644', class: Migration20261125063644 }, { name: 'Migration20261125074813', class: Migration20261125074813 }, { name: 'Migration20261125081542', class: Migration20261125081542 }, { name: 'Migration20261125121049', class: Migration20261125121049 }, { name: 'Migration20261125154805', class: Migration20261125154805 }, { name: 'Migration20261125160409', class: Migration20261125160409 }, { name: 'Migration20261125182314', class: Migration20261125182314 }, { name: 'Migration20261125182527', class: Migration20261125182527 }, { name: 'Migration20261125182913', class: Migration20261125182913 }, { name: 'Migration20261125184416', class: Migration20261125184416 }, { name: 'Migration20261125185122', class: Migration20261125185122 }, { name: 'Migration20261125190104', class: Migration20261125190104 }, { name: 'Migration20261125190345', class: Migration20261125190345 }, { name: 'Migration20261125190500', class: Migration20261125190500 }, { name: 'Migration20261125215841', class: Migration20261125215841 }, { name: 'Migration20261125215942', class: Migration20261125215942 }, { name: 'Migration20261125220622', class: Migration20261125220622 }, { name: 'Migration20261126012152', class: Migration20261126012152 }, { name: 'Migration20261126014105', class: Migration20261126014105 }];
