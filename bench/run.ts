/**
 * `npm run bench`: the seven targets of docs/performance.md#the-targets, each measured side by
 * side in one run (these machines are shared and noisy: only ratios are compared), ending
 * with `N of 7 targets met`. It builds what it needs, seeds databases of its own (dropped
 * afterwards, also on failure), and runs product and baseline interleaved.
 *
 *   npm run bench              the full run (under 15 minutes)
 *   npm run bench -- --smoke   one short round on small data (CI keeps it from rotting)
 *   npm run bench -- --only=1  only some targets (while working on them)
 *
 * Settings: BENCH_SECONDS (per gate round, 12), BENCH_ROUNDS (5), BENCH_LIST_ROUNDS (3),
 * BENCH_VISITORS (200,000), BENCH_LIST_ROWS (1,000,000), BENCH_MEMORY_SECONDS (60),
 * BENCH_CONNECTIONS (10).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { warmGatePackCodeHashes } from '@gatehouse/api';
import { migrateDatabase, openDatabase, type DatabaseTarget } from '@gatehouse/db';
import { createPostgresDatabase } from '@gatehouse/db/testing';
import autocannon from 'autocannon';

import { serverNodeArgs } from '../tooling/scripts/server-node-args.mjs';
import { checkSameBodies } from './same-bodies';
import { seedCommunity, type Seeded } from './seed';

const smoke = process.argv.includes('--smoke');
const setting = (name: string, full: number, short: number) => Number(process.env[name] ?? (smoke ? short : full));
// Five rounds of 12 s rather than three of 20 s: the same time under load, and a median
// of five that one disturbed round (a noisy neighbour on these shared machines) moves less.
const SECONDS = setting('BENCH_SECONDS', 12, 3);
const ROUNDS = setting('BENCH_ROUNDS', 5, 1);
const LIST_ROUNDS = setting('BENCH_LIST_ROUNDS', 3, 1);
const VISITORS = setting('BENCH_VISITORS', 200_000, 3_000);
const LIST_ROWS = setting('BENCH_LIST_ROWS', 1_000_000, 20_000);
const SMALL_LIST_ROWS = 10_000;
const MEMORY_SECONDS = setting('BENCH_MEMORY_SECONDS', 60, 3);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 10, 4);
const repoRoot = path.resolve(import.meta.dirname, '..');
const cleanups: Array<() => Promise<void> | void> = [];

/** A server process of the product or the baseline. */
interface Server {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

function start(kind: 'product' | 'baseline', env: Record<string, string>): Promise<Server> {
  // The product runs with its own Node flags (as `npm start` runs it); BENCH_NODE_ARGS
  // (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) are added to them.
  const nodeArgs = kind === 'product' ? [...serverNodeArgs(), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])] : [];
  const script = kind === 'product' ? [...nodeArgs, path.join(repoRoot, 'apps/server/dist/main.js')] : ['--import', 'tsx', path.join(repoRoot, 'bench/baseline/server.ts')];
  const child: ChildProcess = spawn(process.execPath, script, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      COMMUNITY_TIMEZONE: 'UTC',
      // The load comes from one address and one guard: lift the general API limit for
      // the measurement (it is the same per-request work either way; see bench/README.md).
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_USER_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /(?:Gatehouse|Baseline) is ready: (http:\/\/\S+)/.exec(output);
      if (ready) {
        const server: Server = {
          url: ready[1]!.replace('localhost', '127.0.0.1'),
          pid: child.pid!,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        };
        cleanups.push(server.stop);
        resolve(server);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${kind} exited with ${code} before it was ready:\n${output}`)));
  });
}

/** The gate path for `seconds`: each connection takes the next pass, scans it, checks it in and out. */
async function gateLoad(server: Server, seeded: Seeded, seconds: number): Promise<{ rps: number; errors: number }> {
  const headers = { authorization: `Bearer ${seeded.guardToken}`, 'content-type': 'application/json' };
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/visitors/scan',
        headers,
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
          const pass = seeded.takePass();
          context.id = pass.id;
          return { ...request, body: JSON.stringify({ token: pass.token }) };
        },
      },
      {
        method: 'POST',
        path: '/api/visitors/checkin-qr',
        headers,
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => ({ ...request, body: JSON.stringify({ visitorId: context.id }) }),
      },
      {
        method: 'POST',
        path: '/api/visitors/checkout-qr',
        headers,
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => ({ ...request, body: JSON.stringify({ visitorId: context.id }) }),
      },
    ],
  } as autocannon.Options);
  return { rps: result.requests.average, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Target {
  name: string;
  figures: string;
  ratio: number;
  met: boolean;
}
const targets: Target[] = [];
function report(target: Target) {
  targets.push(target);
  console.log(`${target.met ? 'MET ' : 'MISS'} ${target.name}: ${target.figures} → ${target.ratio.toFixed(2)}`);
}

async function postgresDatabase(label: string): Promise<string> {
  const database = await createPostgresDatabase(`gatehouse_bench_${label}`);
  cleanups.push(database.drop);
  return database.url;
}

async function migrated(target: DatabaseTarget) {
  const db = await openDatabase(target);
  await migrateDatabase(db);
  return db;
}

/** Targets 1 and 2: the gate path, product ÷ baseline, rounds interleaved. */
async function gateTarget(number: 1 | 2, leg: 'postgresql' | 'pglite') {
  let productEnv: Record<string, string>;
  let baselineEnv: Record<string, string>;
  let seeded: Seeded;
  if (leg === 'postgresql') {
    const url = await postgresDatabase('gate');
    const db = await migrated({ kind: 'postgresql', url });
    seeded = await seedCommunity(db, VISITORS);
    await db.close();
    productEnv = { DATABASE_URL: url };
    baselineEnv = { BASELINE_DATABASE_URL: url };
  } else {
    const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const productDir = path.join(folder, 'product');
    const db = await migrated({ kind: 'pglite', dataDir: productDir });
    seeded = await seedCommunity(db, VISITORS);
    await db.close();
    // Each server owns a copy of the same data (PGlite: one process per folder).
    cpSync(productDir, path.join(folder, 'baseline'), { recursive: true });
    productEnv = { DATA_DIR: productDir };
    baselineEnv = { BASELINE_DATA_DIR: path.join(folder, 'baseline') };
  }
  const product = await start('product', productEnv);
  const baseline = await start('baseline', baselineEnv);
  await checkSameBodies(product.url, baseline.url, seeded);
  const figures = { product: [] as number[], baseline: [] as number[] };
  let errors = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    // Who goes first alternates, so that neither side always meets the machine as the
    // other one left it (warm caches, a checkpoint or a collection in progress).
    const order = [['product', product], ['baseline', baseline]] as const;
    for (const [name, server] of round % 2 === 0 ? order : [...order].reverse()) {
      const run = await gateLoad(server, seeded, SECONDS);
      figures[name].push(run.rps);
      errors += run.errors;
    }
  }
  await product.stop();
  await baseline.stop();
  const ratio = median(figures.product) / median(figures.baseline);
  report({
    name: `${number} gate path on ${leg === 'postgresql' ? 'PostgreSQL' : 'the embedded database'} (${VISITORS.toLocaleString('en-US')} visitors, ${CONNECTIONS} connections)`,
    figures: `product ${median(figures.product).toFixed(0)} req/s, baseline ${median(figures.baseline).toFixed(0)} req/s${errors ? `, ${errors} errors` : ''}`,
    ratio,
    met: ratio >= 0.8 && errors === 0,
  });
}

/** p95 latency (ms) of GET `path` for a few seconds. */
async function p95(server: Server, pathAndQuery: string, token: string): Promise<number> {
  const result = await autocannon({
    url: `${server.url}${pathAndQuery}`,
    connections: 4,
    duration: smoke ? 2 : 6,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${pathAndQuery}: ${result.non2xx + result.errors} failed requests`);
  return result.latency.p97_5 ?? result.latency.p99;
}

/**
 * Target 3: list p95 at LIST_ROWS ÷ at 10,000, for each list, both servers up at once and
 * measured in interleaved rounds (the median of ROUNDS p95s each); target 4: bytes per row
 * of the web's list.
 */
async function listTargets() {
  const lists = (fragment: string) => [
    '/api/visitors?limit=50',
    '/api/visitors?limit=50&status=checked-in',
    '/api/visitors/my-invitations?limit=50',
    `/api/visitors?limit=50&q=${fragment}`,
  ];
  const sides: Array<{ rows: number; product: Server; seeded: Seeded }> = [];
  for (const rows of [SMALL_LIST_ROWS, LIST_ROWS]) {
    const url = await postgresDatabase(`list${rows}`);
    const db = await migrated({ kind: 'postgresql', url });
    const seeded = await seedCommunity(db, rows, { checkedIn: Math.min(5_000, rows / 10) });
    await db.close();
    sides.push({ rows, product: await start('product', { DATABASE_URL: url }), seeded });
  }
  const tokenFor = (list: string, seeded: Seeded) => (list.includes('my-invitations') ? seeded.residentToken : seeded.adminToken);
  // Warm-up: every list once on each side.
  for (const { product, seeded } of sides) for (const list of lists(seeded.nameFragment)) await p95(product, list, tokenFor(list, seeded));
  const measured = new Map<string, number[][]>();
  for (let round = 0; round < LIST_ROUNDS; round += 1) {
    for (const [index] of lists('').entries()) {
      for (const [side, { product, seeded }] of sides.entries()) {
        const list = lists(seeded.nameFragment)[index]!;
        const key = lists('<fragment>')[index]!;
        const figures = measured.get(key) ?? [[], []];
        figures[side]!.push(await p95(product, list, tokenFor(list, seeded)));
        measured.set(key, figures);
      }
    }
  }
  const small = sides[0]!;
  const input = encodeURIComponent(JSON.stringify({ limit: 50 }));
  const response = await fetch(`${small.product.url}/trpc/visitors.listSummaries?input=${input}`, { headers: { authorization: `Bearer ${small.seeded.adminToken}` } });
  const text = await response.text();
  const items = (JSON.parse(text) as { result: { data: { items: unknown[] } } }).result.data.items.length;
  const bytesPerRow = Buffer.byteLength(text) / items;
  for (const { product } of sides) await product.stop();

  const ratios = [...measured].map(([list, [smallP95s, largeP95s]]) => {
    const [atSmall, atLarge] = [median(smallP95s!), median(largeP95s!)];
    const ratio = atLarge / atSmall;
    console.log(`     ${list}: p95 ${atLarge.toFixed(1)} ms at ${LIST_ROWS.toLocaleString('en-US')} ÷ ${atSmall.toFixed(1)} ms at ${SMALL_LIST_ROWS.toLocaleString('en-US')} → ${ratio.toFixed(2)}`);
    return ratio;
  });
  const worst = Math.max(...ratios);
  report({ name: `3 visitor lists, p95 at ${LIST_ROWS.toLocaleString('en-US')} ÷ at ${SMALL_LIST_ROWS.toLocaleString('en-US')} visitors (worst of the four above)`, figures: ratios.map((ratio) => ratio.toFixed(2)).join(', '), ratio: worst, met: worst <= 1.3 });
  report({ name: '4 JSON bytes per visitor row of the web app’s list (visitors.listSummaries)', figures: `${bytesPerRow.toFixed(0)} bytes`, ratio: bytesPerRow / 600, met: bytesPerRow <= 600 });
}

/** Targets 5 and 6 in Chromium against the product on the embedded database. */
async function browserTargets() {
  const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-web-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const db = await migrated({ kind: 'pglite', dataDir: path.join(folder, 'data') });
  const seeded = await seedCommunity(db, 2_000);
  // The passes' codes hashed for the gate pack, as a server's minute sweep has done by the time
  // a guard checks visitors in (docs/gate.md#the-gate-pack): 2,000 passes made at once would
  // otherwise be hashed while the check-ins are timed.
  while ((await warmGatePackCodeHashes(db.fork(), { now: new Date(), timeZone: 'UTC' }, 500)) > 0);
  await db.close();
  const product = await start('product', { DATA_DIR: path.join(folder, 'data') });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  cleanups.push(() => browser.close());
  try {
    // 5: what /login loads: the compressed bytes of every script.
    const page = await browser.newPage();
    let scriptBytes = 0;
    const sizes: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(response.request().sizes().then((size) => void (scriptBytes += size.responseBodySize)));
    });
    await page.goto(`${product.url}/login`, { waitUntil: 'networkidle' });
    await Promise.all(sizes);
    const kb = scriptBytes / 1024;
    report({ name: '5 /login first load, JavaScript transferred (compressed)', figures: `${kb.toFixed(1)} KB (${scriptBytes.toLocaleString('en-US')} bytes)`, ratio: kb / 100, met: kb <= 100 });

    // 6: a check-in in the browser ÷ the same scan + check-in over raw HTTP.
    const gate = await browser.newPage();
    await gate.goto(`${product.url}/login`);
    await gate.evaluate(({ token, user }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('current_user', JSON.stringify(user));
    }, { token: seeded.guardToken, user: seeded.guardUser });
    const browserTimes: number[] = [];
    const httpTimes: number[] = [];
    for (let attempt = 0; attempt < (smoke ? 2 : 7); attempt += 1) {
      // The guard dashboard's quick scan: a scanner types the token and Enter; an approved
      // pass is checked in at once and the page says so.
      // Not 'networkidle': a signed-in page keeps its live-update stream open
      // (docs/gate.md#live-updates).
      await gate.goto(`${product.url}/guard/dashboard`, { waitUntil: 'load' });
      const pass = seeded.takePass();
      const field = gate.getByLabel('Pass token or code');
      await field.waitFor();
      // Timed inside the page, from the Enter key to the words appearing in the document:
      // Playwright's own waiting polls at 20, 100, 100, 500 ms and would add its backoff.
      await gate.evaluate(() => {
        const done = new Promise<number>((resolve) => {
          let enteredAt = 0;
          document.addEventListener('keydown', (event) => {
            if (event.key === 'Enter') enteredAt = performance.now();
          }, { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (enteredAt && document.body.textContent?.includes('Visitor checked in successfully!')) {
              observer.disconnect();
              resolve(performance.now() - enteredAt);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        (window as unknown as { gateCheckIn: Promise<number> }).gateCheckIn = done;
      });
      await field.fill(pass.token);
      await field.press('Enter');
      browserTimes.push(await gate.evaluate(() => (window as unknown as { gateCheckIn: Promise<number> }).gateCheckIn));

      const other = seeded.takePass();
      const httpStarted = performance.now();
      const headers = { authorization: `Bearer ${seeded.guardToken}`, 'content-type': 'application/json' };
      const scanned = (await (await fetch(`${product.url}/api/visitors/scan`, { method: 'POST', headers, body: JSON.stringify({ token: other.token }) })).json()) as { data: { id: string } };
      await (await fetch(`${product.url}/api/visitors/checkin-qr`, { method: 'POST', headers, body: JSON.stringify({ visitorId: scanned.data.id }) })).json();
      httpTimes.push(performance.now() - httpStarted);
    }
    const ratio = median(browserTimes) / median(httpTimes);
    report({ name: '6 check-in in Chromium ÷ the same scan + check-in over raw HTTP', figures: `${median(browserTimes).toFixed(0)} ms ÷ ${median(httpTimes).toFixed(0)} ms`, ratio, met: ratio <= 2 });
  } finally {
    await browser.close();
    await product.stop();
  }
}

/** Target 7: the product's RSS after three gate-load runs. */
async function memoryTarget() {
  const url = await postgresDatabase('memory');
  const db = await migrated({ kind: 'postgresql', url });
  const seeded = await seedCommunity(db, Math.max(VISITORS, 60_000));
  await db.close();
  const product = await start('product', { DATABASE_URL: url });
  const rss: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    await gateLoad(product, seeded, MEMORY_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rss.push(rssMb(product.pid));
  }
  await product.stop();
  const ratio = rss[2]! / rss[0]!;
  report({ name: '7 server memory over 3 gate-load runs (RSS after run 3 ÷ after run 1)', figures: `${rss.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}`, ratio, met: ratio <= 1.1 && rss[2]! <= 250 });
}

async function main() {
  console.log(`Gatehouse bench${smoke ? ' (smoke)' : ''}: ${new Date().toISOString()}, Node ${process.version}`);
  execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
  // `--only=1,5` measures only those targets (while working on one).
  const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length).split(',');
  const wanted = (number: number) => !only || only.includes(String(number));
  const started = performance.now();
  const timed = async (label: string, work: () => Promise<void>) => {
    const phaseStarted = performance.now();
    await work();
    console.log(`     (${label}: ${((performance.now() - phaseStarted) / 1000).toFixed(0)} s, seeding included)`);
  };
  if (wanted(1)) await timed('target 1', () => gateTarget(1, 'postgresql'));
  if (wanted(2)) await timed('target 2', () => gateTarget(2, 'pglite'));
  if (wanted(3) || wanted(4)) await timed('targets 3 and 4', listTargets);
  if (wanted(5) || wanted(6)) await timed('targets 5 and 6', browserTargets);
  if (wanted(7)) await timed('target 7', memoryTarget);
  const met = targets.filter((target) => target.met).length;
  console.log(`${met} of 7 targets met (in ${((performance.now() - started) / 60_000).toFixed(1)} minutes, the build included)`);
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
}
