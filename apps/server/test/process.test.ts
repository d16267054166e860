import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, '..', 'src', 'main.ts');

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the real server (TypeScript source through tsx) and resolves once it is ready. */
function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Gatehouse is ready: (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, url: ready[1]!, output: () => output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}:\n${output}`), { output, code }));
    });
  });
}

describe('the server process', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-process-'));
  const env = { DATA_DIR: path.join(folder, 'data'), SEED_DEMO: 'true' };
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('starts on Node 22, seeds and prints the demo sign-ins, and refuses a second process on the same data folder', async () => {
    const server = await startServer(env);
    try {
      expect(server.output()).toMatch(/starting on Node v22\./);
      expect(server.output()).toMatch(/Demo sign-ins/);
      expect(server.output()).toMatch(/guard@gatehouse\.test/);
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok' }, error: null });

      const second = await startServer(env).catch((error: { output?: string; code?: number }) => error);
      expect((second as { code?: number }).code).toBe(1);
      expect((second as { output?: string }).output).toMatch(/in use by another Gatehouse process/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it('on SIGTERM finishes the requests in flight, closes the database, and can start again at once', async () => {
    const server = await startServer(env);
    // Each login runs an argon2 verification (tens of ms), so 20 of them are still in flight
    // 100 ms after they were sent. A request the server never accepted fails to connect
    // (ECONNREFUSED); one it accepted must be answered, never cut off.
    const logins = Array.from({ length: 20 }, () =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'guard@gatehouse.test', password: 'gatehouse123' }),
      }).then(
        (response) => String(response.status),
        (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill('SIGTERM');
    const outcomes = await Promise.all(logins);
    expect(outcomes.filter((outcome) => !['200', '503', 'ECONNREFUSED'].includes(outcome))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === '200').length).toBeGreaterThan(0);
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toMatch(/Gatehouse stopped/);

    // The data folder's lock was released: a new process opens it straight away and the data is there.
    const again = await startServer(env);
    try {
      const response = await fetch(`${again.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@gatehouse.test', password: 'gatehouse123' }),
      });
      expect(response.status).toBe(200);
      expect(again.output()).not.toMatch(/Seeded the demo community/);
    } finally {
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    }
  }, 120_000);
});
