import { describe, expect, it } from 'vitest';

import { migrateDatabase, openDatabase } from '../src';
import { createPostgresDatabase, databaseLegs } from '../src/testing';

const legs = await databaseLegs();
const postgres = legs.some((leg) => leg.name === 'postgresql');

describe.runIf(postgres)('start-up migrations on PostgreSQL', () => {
  it('are safe when two servers start at once: one applies them, the other finds nothing pending', async () => {
    const { url, drop } = await createPostgresDatabase();
    const first = await openDatabase({ kind: 'postgresql', url });
    const second = await openDatabase({ kind: 'postgresql', url });
    try {
      const [a, b] = await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
      expect([...a, ...b].sort()).toEqual((await first.orm.migrator.getExecuted()).map((row) => row.name).sort());
      expect(a.length === 0 || b.length === 0).toBe(true);
      await expect(first.orm.migrator.checkSchema()).resolves.toBe(false);
    } finally {
      await first.close();
      await second.close();
      await drop();
    }
  }, 60_000);
});
