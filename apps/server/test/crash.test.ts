/**
 * Crash safety: a server killed with SIGKILL in the middle of a stream of writes starts
 * again with every acknowledged write present and no half-written row, on PostgreSQL
 * and on the embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createPostgresDatabase, databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { dateAMonthAhead } from './support/limits';
import { api, startServer } from './support/server-process';

const legs = await databaseLegs();

describe.each(legs)('crash safety on $name', (leg) => {
  it('keeps every acknowledged write after SIGKILL', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-crash-'));
    const postgres = leg.name === 'postgresql' ? await createPostgresDatabase() : null;
    const env = {
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: path.join(folder, 'data') }),
      SEED_DEMO: 'false',
      COMMUNITY_TIMEZONE: 'UTC',
      ADMIN_EMAIL: 'admin@crash.example',
      ADMIN_PASSWORD: 'secret123',
    };
    try {
      const first = await startServer(env);
      const token = (await api(first.url, 'POST', '/api/auth/login', { body: { email: 'admin@crash.example', password: 'secret123' } })).body.data.token;
      const owner = (await api(first.url, 'GET', '/api/auth/me', { token })).body.data.user.id;
      const houseId = (await api(first.url, 'POST', '/api/houses', { token, body: { houseNumber: '1', block: 'C', street: 'Crash Street', ownerId: owner } })).body.data.id;

      // Four writers invite visitors as fast as they can; the process is killed mid-stream.
      const acknowledged: string[] = [];
      let killed = false;
      const writer = async (lane: number) => {
        for (let index = 0; !killed; index += 1) {
          try {
            const response = await api(first.url, 'POST', '/api/visitors/invite', {
              token,
              body: { name: `Crash Visitor ${lane}-${index}`, phone: '+15551234567', houseId, visitDate: dateAMonthAhead(), visitTimeFrom: '09:00', visitTimeTo: '17:00', purpose: 'x'.repeat(200) },
            });
            if (response.status === 201) acknowledged.push(response.body.data.id);
          } catch {
            return; // the connection died with the process
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      killed = true;
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(writers);
      expect(acknowledged.length).toBeGreaterThan(5);

      const second = await startServer(env);
      try {
        const again = (await api(second.url, 'POST', '/api/auth/login', { body: { email: 'admin@crash.example', password: 'secret123' } })).body.data.token;
        const list = await api(second.url, 'GET', '/api/visitors?limit=100', { token: again });
        const total = Number(list.headers.get('x-total-count'));
        expect(total).toBeGreaterThanOrEqual(acknowledged.length);
        for (const id of acknowledged) {
          const visitor = await api(second.url, 'GET', `/api/visitors/${id}`, { token: again });
          expect(visitor.status, id).toBe(200);
          // Whole rows only: every field of the invitation is there.
          expect(visitor.body.data).toMatchObject({ status: 'approved', purpose: 'x'.repeat(200), houseId: { id: houseId } });
          expect(visitor.body.data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
        }
        // Every row that made it (acknowledged or not) is whole, and every one is read.
        let offset = 0;
        let read = 0;
        while (offset < total) {
          const page = await api(second.url, 'GET', `/api/visitors?limit=100&offset=${offset}`, { token: again });
          for (const visitor of page.body.data) {
            expect(visitor.name).toMatch(/^Crash Visitor \d-\d+$/);
            expect(visitor.qrCodeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
          }
          read += page.body.data.length;
          offset += 100;
        }
        expect(read).toBe(total);
      } finally {
        await second.stop();
      }
    } finally {
      await postgres?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
