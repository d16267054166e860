/**
 * A database outage: with the connection to PostgreSQL cut (a TCP proxy in between is
 * closed), requests get 503 and /api/health says so; when the connection comes back the
 * server recovers by itself, without a restart.
 */
import net from 'node:net';

import { createPostgresDatabase, databaseLegs, TEST_POSTGRES_ADMIN_URL } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, startServer, type ServerProcess } from './support/server-process';

const legs = await databaseLegs();
const postgres = legs.some((leg) => leg.name === 'postgresql');

/** A TCP proxy to PostgreSQL that can be cut (every socket destroyed, port closed) and restored. */
function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  return { open, cut };
}

describe.runIf(postgres)('database outage', () => {
  let server: ServerProcess;
  let drop: () => Promise<void> = async () => {};
  const admin = new URL(TEST_POSTGRES_ADMIN_URL);
  const proxy = cuttableProxy({ host: admin.hostname, port: Number(admin.port || 5432) });

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const port = await proxy.open();
    const url = new URL(database.url);
    url.host = `127.0.0.1:${port}`;
    server = await startServer({
      DATABASE_URL: url.toString(),
      ADMIN_EMAIL: 'admin@outage.example',
      ADMIN_PASSWORD: 'secret123',
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await proxy.cut();
    await drop();
  });

  it('answers 503 while the database is unreachable and recovers without a restart', async () => {
    const login = () => api(server.url, 'POST', '/api/auth/login', { body: { email: 'admin@outage.example', password: 'secret123' } });
    const first = await login();
    expect(first.status).toBe(200);
    const token = first.body.data.token as string;

    await proxy.cut();
    const health = await api(server.url, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ success: false, data: null, error: 'Service temporarily unavailable' });
    for (const response of [await login(), await api(server.url, 'GET', '/api/houses', { token })]) {
      expect(response.status).toBe(503);
      expect(response.body.error).toBe('Service temporarily unavailable');
    }

    await proxy.open();
    await expect.poll(async () => (await api(server.url, 'GET', '/api/health')).status, { timeout: 15_000 }).toBe(200);
    expect((await api(server.url, 'GET', '/api/houses', { token })).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
