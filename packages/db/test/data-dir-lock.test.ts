import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { DataDirLockedError, migrateDatabase, openDatabase, User } from '../src';

describe('embedded database data folder', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-lock-'));
  const dataDir = path.join(folder, 'data');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a second opener with a clear error, and keeps data across a restart', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(first);
    const em = first.fork();
    em.create(User, { name: 'Kept Across', email: 'kept@x.com', phone: '+15550000000', role: 'resident', passwordHash: 'x', house: null, isActive: true });
    await em.flush();

    const refused = await openDatabase({ kind: 'pglite', dataDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toMatch(/in use by another Gatehouse process/);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await migrateDatabase(second);
      expect(await second.fork().count(User, { email: 'kept@x.com' })).toBe(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
