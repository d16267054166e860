/**
 * `npm run load`: drives the gate path (scan, check-in, check-out) and the visitor list
 * against the real built server for 60 s (LOAD_SECONDS) and prints throughput, p50/p99
 * latency and the error count. A benchmark that prints figures, not a test.
 *
 * The embedded database is seeded beforehand with a community and enough invitations
 * valid today for every check-in; set DATABASE_URL to measure against PostgreSQL
 * instead (a database of its own is created and dropped).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { hashPassword, newPassToken, passQrDataUrl } from '@gatehouse/api';
import { House, migrateDatabase, openDatabase, User, VisitorInvitation, type DatabaseTarget } from '@gatehouse/db';
import { createPostgresDatabase } from '@gatehouse/db/testing';
import autocannon from 'autocannon';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 10);
const visitorsToSeed = Number(process.env.LOAD_VISITORS ?? 20_000);
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const today = new Date().toISOString().slice(0, 10);

async function seed(target: DatabaseTarget) {
  const db = await openDatabase(target);
  try {
    await migrateDatabase(db);
    const em = db.fork();
    const passwordHash = await hashPassword('secret123');
    const guard = em.create(User, { name: 'Load Guard', email: 'guard@load.example', phone: '+15550000001', role: 'guard', passwordHash, house: null, isActive: true });
    const resident = em.create(User, { name: 'Load Resident', email: 'resident@load.example', phone: '+15550000002', role: 'resident', passwordHash, house: null, isActive: true });
    em.create(User, { name: 'Load Admin', email: 'admin@load.example', phone: '+15550000003', role: 'admin', passwordHash, house: null, isActive: true });
    const house = em.create(House, { houseNumber: '1', block: 'L', street: 'Load Lane', owner: resident });
    resident.house = house;
    await em.flush();
    // One QR image for all (drawing 20,000 would only slow the set-up); tokens are unique.
    const qr = await passQrDataUrl('load-test');
    const tokens: Array<{ id: string; token: string }> = [];
    for (let start = 0; start < visitorsToSeed; start += 1_000) {
      const batch = db.fork();
      for (let index = start; index < Math.min(start + 1_000, visitorsToSeed); index += 1) {
        const token = newPassToken();
        const visitor = batch.create(VisitorInvitation, {
          name: `Load Visitor ${index}`, phone: '+15551234567', email: null, purpose: 'Load test', vehicleLicensePlate: null,
          house: house.id, host: resident.id, visitDate: today, visitTimeFrom: '00:00', visitTimeTo: '23:59', status: 'approved',
          qrCodeToken: token, qrCodeDataUrl: qr, checkInTime: null, checkOutTime: null, checkedInBy: null, checkedOutBy: null, notes: null,
        });
        tokens.push({ id: visitor.id, token });
      }
      await batch.flush();
    }
    return { tokens, guardId: guard.id };
  } finally {
    await db.close();
  }
}

function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  // LOAD_NODE_ARGS, e.g. `--cpu-prof`, to profile the server under load.
  const nodeArgs = process.env.LOAD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(repoRoot, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO: 'false', COMMUNITY_TIMEZONE: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Gatehouse is ready: (http:\/\/\S+)/.exec(output);
      if (ready) {
        resolve({
          url: ready[1]!,
          stop: () => new Promise((done) => { child.on('exit', () => done()); child.kill('SIGTERM'); }),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function login(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret123' }) });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** What one autocannon connection remembers between the requests of a gate pass. */
interface GateContext {
  visitor?: { id: string; token: string };
}

function report(title: string, result: autocannon.Result) {
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`\n${title}`);
  console.log(`  requests:   ${result.requests.total} in ${result.duration.toFixed(0)} s`);
  console.log(`  throughput: ${result.requests.average.toFixed(0)} req/s`);
  console.log(`  latency:    p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  errors:     ${errors} (non-2xx ${result.non2xx}, connection errors ${result.errors}, timeouts ${result.timeouts})`);
}

const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-load-'));
const postgres = process.env.DATABASE_URL ? await createPostgresDatabase('gatehouse_load') : null;
const target: DatabaseTarget = postgres ? { kind: 'postgresql', url: postgres.url } : { kind: 'pglite', dataDir: path.join(folder, 'data') };
console.log(`Seeding ${visitorsToSeed} invitations into ${target.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}…`);
const { tokens } = await seed(target);
const server = await startServer(target.kind === 'pglite' ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.url });
try {
  const guardToken = await login(server.url, 'guard@load.example');
  const auth = { authorization: `Bearer ${guardToken}`, 'content-type': 'application/json' };
  console.log(`Node ${process.version}; ${connections} connections per run; ${seconds} s each, run at the same time.`);

  // Each connection walks visitors through the gate: scan, check in, check out, next.
  let next = 0;
  const gate = autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/visitors/scan',
        headers: auth,
        setupRequest: (request, context) => {
          const visitor = tokens[next++ % tokens.length]!;
          (context as GateContext).visitor = visitor;
          return { ...request, body: JSON.stringify({ token: visitor.token }) };
        },
      },
      {
        method: 'POST',
        path: '/api/visitors/checkin-qr',
        headers: auth,
        setupRequest: (request, context) => ({ ...request, body: JSON.stringify({ visitorId: (context as GateContext).visitor!.id }) }),
      },
      {
        method: 'POST',
        path: '/api/visitors/checkout-qr',
        headers: auth,
        setupRequest: (request, context) => ({ ...request, body: JSON.stringify({ visitorId: (context as GateContext).visitor!.id }) }),
      },
    ],
  });
  const list = autocannon({
    url: `${server.url}/api/visitors?limit=50`,
    connections: Math.max(1, Math.floor(connections / 2)),
    duration: seconds,
    headers: { authorization: `Bearer ${guardToken}` },
  });
  const [gateResult, listResult] = await Promise.all([gate, list]);
  report('Gate path (scan → check-in → check-out), POST /api/visitors/…', gateResult);
  report('Visitor list, GET /api/visitors?limit=50', listResult);
  if (next > tokens.length) console.log(`\nNote: ${next} gate passes for ${tokens.length} invitations: later check-ins met checked-out visitors (409s).`);
} finally {
  await server.stop();
  await postgres?.drop();
  rmSync(folder, { recursive: true, force: true });
}
