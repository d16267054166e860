/**
 * HTTPS on the gate network (docs/gate.md#a-secure-origin-for-the-tablet): the configuration's
 * rules, and the real server
 * serving HTTPS with a self-signed certificate it makes once and keeps in DATA_DIR, or with
 * the PEM files it is given.
 */
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../src/config';
import { startServer } from './support/server-process';

/** GET `url` over HTTPS trusting only `ca`; resolves with the status and body. */
function getTrusting(url: string, ca: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, type: String(response.headers['content-type'] ?? '') }));
      })
      .on('error', reject);
  });
}

describe('TLS configuration (docs/gate.md#a-secure-origin-for-the-tablet, docs/configuration.md#environment-variables)', () => {
  it('is off by default, self-signed in DATA_DIR/tls with TLS=self-signed, or the given PEM files', () => {
    expect(loadConfig({}).tls).toBeNull();
    expect(loadConfig({ TLS: 'self-signed', DATA_DIR: '/srv/gate' }).tls).toEqual({ kind: 'self-signed', dir: '/srv/gate/tls' });
    expect(loadConfig({ TLS_CERT: '/etc/gate/cert.pem', TLS_KEY: '/etc/gate/key.pem' }).tls).toEqual({
      kind: 'files',
      certPath: '/etc/gate/cert.pem',
      keyPath: '/etc/gate/key.pem',
    });
  });

  it.each([
    [{ TLS_CERT: '/etc/gate/cert.pem' }, 'TLS_CERT and TLS_KEY must be set together'],
    [{ TLS_KEY: '/etc/gate/key.pem' }, 'TLS_CERT and TLS_KEY must be set together'],
    [{ TLS: 'yes' }, 'TLS must be "self-signed"'],
    [{ TLS: 'self-signed', TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' }, 'Set either TLS=self-signed or TLS_CERT and TLS_KEY, not both'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the server over HTTPS', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-tls-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes a self-signed certificate for its names and addresses once, prints its fingerprint, and keeps it', async () => {
    const env = { DATA_DIR: path.join(dataDir, 'data'), TLS: 'self-signed', SEED_DEMO: 'false' };
    const first = await startServer(env);
    const certPath = path.join(dataDir, 'data', 'tls', 'cert.pem');
    const fingerprint = new X509Certificate(readFileSync(certPath, 'utf8')).fingerprint256;
    try {
      expect(first.url).toMatch(/^https:\/\//);
      const cert = readFileSync(certPath, 'utf8');
      const x509 = new X509Certificate(cert);
      expect(first.output()).toContain(`SHA-256 fingerprint: ${fingerprint}`);
      expect(first.output()).toContain('(made now)');
      expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
      expect(x509.checkHost('localhost')).toBe('localhost');
      const url = first.url.replace('localhost', '127.0.0.1');
      const health = await getTrusting(`${url}/api/health`, cert);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ success: true, data: { status: 'ok' } });
      // Tablets download the certificate to trust it.
      const offered = await getTrusting(`${url}/api/tls/certificate`, cert);
      expect(offered).toMatchObject({ status: 200, body: cert });
      expect(offered.type).toMatch(/application\/x-x509-ca-cert/);
      // An untrusted client is refused by TLS itself.
      await expect(getTrusting(`${url}/api/health`, '')).rejects.toThrow();
    } finally {
      await first.stop();
    }

    const second = await startServer(env);
    try {
      expect(second.output()).toContain(`SHA-256 fingerprint: ${fingerprint}`);
      expect(second.output()).not.toContain('(made now)');
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('serves the PEM files it is given (TLS_CERT, TLS_KEY), without offering them for download', async () => {
    const tlsDir = path.join(dataDir, 'data', 'tls');
    const server = await startServer({
      DATA_DIR: path.join(dataDir, 'other'),
      TLS_CERT: path.join(tlsDir, 'cert.pem'),
      TLS_KEY: path.join(tlsDir, 'key.pem'),
      SEED_DEMO: 'false',
    });
    try {
      const cert = readFileSync(path.join(tlsDir, 'cert.pem'), 'utf8');
      const url = server.url.replace('localhost', '127.0.0.1');
      expect((await getTrusting(`${url}/api/health`, cert)).status).toBe(200);
      expect((await getTrusting(`${url}/api/tls/certificate`, cert)).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
