/**
 * Writes a migration for the difference between the entities and the committed
 * migrations: applies every committed migration to a throw-away embedded database,
 * asks MikroORM for the remaining difference, writes it to src/migrations, and rebuilds
 * src/migrations/index.ts. Usage: `npm run migration:create -w @gatehouse/db`.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { migrateDatabase, openDatabase } from '../src/orm';

const folder = path.join(import.meta.dirname, '..', 'src', 'migrations');
const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
try {
  await migrateDatabase(database);
  const result = await database.orm.migrator.create(folder);
  if (result.diff.up.length === 0) {
    console.log('No changes: the committed migrations match the entities.');
  } else {
    console.log(`Wrote ${result.fileName}`);
  }
} finally {
  await database.close();
}

const files = readdirSync(folder)
  .filter((file) => /^Migration\d+.*\.ts$/.test(file))
  .sort();
const names = files.map((file) => file.replace(/\.ts$/, ''));
writeFileSync(
  path.join(folder, 'index.ts'),
  [
    '/** The committed migrations, oldest first (written by `npm run migration:create -w @gatehouse/db`). */',
    ...names.map((name) => `import { ${name} } from './${name}';`),
    '',
    `export const migrationsList = [${names.map((name) => `{ name: '${name}', class: ${name} }`).join(', ')}];`,
    '',
  ].join('\n'),
);
