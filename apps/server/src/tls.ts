/**
 * HTTPS on the gate network (docs/gate.md#a-secure-origin-for-the-tablet): browsers give the
 * camera, service workers and
 * push only to secure origins, and a tablet reaches the server by its LAN address. The
 * server serves HTTPS itself when told: `TLS_CERT` and `TLS_KEY` (PEM files), or
 * `TLS=self-signed`, which makes a certificate for the machine's names and addresses on
 * first start, keeps it in `DATA_DIR/tls`, and prints its SHA-256 fingerprint.
 */
import { X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { generate } from 'selfsigned';

/** What the server was told about TLS (config): files, a self-signed certificate kept in `dir`, or none. */
export type TlsSetting = { kind: 'files'; certPath: string; keyPath: string } | { kind: 'self-signed'; dir: string } | null;

/** A certificate and its key, ready for `https.createServer`. */
export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 fingerprint, `AA:BB:…`. */
  fingerprint: string;
  /** The certificate file (self-signed: the one to install on tablets). */
  certPath: string;
  /** Whether this start made the certificate. */
  created: boolean;
  selfSigned: boolean;
}

/** Days a self-signed certificate is valid: 825, the most iOS accepts for a trusted certificate. */
export const SELF_SIGNED_DAYS = 825;

/** The machine's host names and addresses: what a tablet may type to reach the server. */
export function machineNames(): { dns: string[]; ips: string[] } {
  const host = os.hostname();
  const dns = [...new Set(['localhost', host, `${host}.local`].filter((name) => /^[a-zA-Z0-9.-]+$/.test(name)))];
  const ips = new Set(['127.0.0.1', '::1']);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      // Link-local IPv6 addresses need a zone id, which a certificate cannot hold.
      if (address.family === 'IPv6' && address.address.toLowerCase().startsWith('fe80')) continue;
      ips.add(address.address);
    }
  }
  return { dns, ips: [...ips] };
}

/** Makes a self-signed server certificate for `names` (an EC P-256 key), valid from now for 825 days. */
export async function makeSelfSignedCertificate(names = machineNames(), now = new Date()): Promise<{ cert: string; key: string }> {
  const notAfterDate = new Date(now.getTime() + SELF_SIGNED_DAYS * 24 * 60 * 60 * 1000);
  const pems = await generate([{ name: 'commonName', value: `Gatehouse (${names.dns[1] ?? 'localhost'})` }, { name: 'organizationName', value: 'Gatehouse' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...names.dns.map((value) => ({ type: 2 as const, value })), ...names.ips.map((ip) => ({ type: 7 as const, ip }))],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * The certificate and key to serve, or null for plain HTTP. Self-signed: read from
 * `dir/cert.pem` and `dir/key.pem`, made (and the key written readable by the owner only)
 * when missing. Errors: an unreadable file, or a file that is not a PEM certificate,
 * names the variable it came from.
 */
export async function loadTls(setting: TlsSetting): Promise<TlsMaterial | null> {
  if (!setting) return null;
  if (setting.kind === 'files') {
    const cert = readPem(setting.certPath, 'TLS_CERT');
    const key = readPem(setting.keyPath, 'TLS_KEY');
    return { cert, key, fingerprint: fingerprintOf(cert, 'TLS_CERT'), certPath: setting.certPath, created: false, selfSigned: false };
  }
  const certPath = path.join(setting.dir, 'cert.pem');
  const keyPath = path.join(setting.dir, 'key.pem');
  let created = false;
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    const made = await makeSelfSignedCertificate();
    mkdirSync(setting.dir, { recursive: true });
    writeFileSync(keyPath, made.key, { mode: 0o600 });
    chmodSync(keyPath, 0o600);
    writeFileSync(certPath, made.cert);
    created = true;
  }
  const cert = readPem(certPath, 'TLS');
  const key = readPem(keyPath, 'TLS');
  return { cert, key, fingerprint: fingerprintOf(cert, 'TLS'), certPath, created, selfSigned: true };
}

function readPem(file: string, variable: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
  }
}

function fingerprintOf(cert: string, variable: string): string {
  try {
    return new X509Certificate(cert).fingerprint256;
  } catch (error) {
    throw new Error(`${variable}: the file is not a PEM certificate`, { cause: error });
  }
}

/** What the server prints about a self-signed certificate: where it is, its fingerprint, how to trust it. */
export function trustInstructions(tls: TlsMaterial, url: string): string[] {
  return [
    `HTTPS with a self-signed certificate${tls.created ? ' (made now)' : ''}: ${tls.certPath}`,
    `  SHA-256 fingerprint: ${tls.fingerprint}`,
    `  To trust it on a gate tablet, open ${url}/api/tls/certificate on the tablet, install the file`,
    `  (Android: Settings → Security → Install a certificate → CA certificate; iPad: Settings →`,
    `  Profile Downloaded → Install, then General → About → Certificate Trust Settings), and check`,
    '  that the fingerprint the tablet shows is the one above.',
  ];
}
