/**
 * Before measuring, the product and the baseline must answer the gate path with the same
 * bodies (docs/performance.md#the-baseline: like is compared with like): the same scan, the same
 * refusals
 * (400, 404, 409) and check-in/check-out answers that differ only where the visitor or the
 * clock differs. Throws, failing the bench, on any other difference.
 */
import type { Seeded } from './seed';

type Call = { status: number; body: string };

async function call(base: string, path: string, token: string | null, body: unknown): Promise<Call> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
}

/** The body with what necessarily differs between two visitors or two instants masked. */
function masked(text: string): string {
  const body = JSON.parse(text) as { data?: Record<string, unknown> | null };
  if (body.data && typeof body.data === 'object') {
    for (const field of ['id', 'name', 'phone', 'houseId', 'hostId', 'qrCodeToken', 'passCode', 'createdAt', 'check_in_time', 'check_out_time']) {
      if (body.data[field] !== null && body.data[field] !== undefined) body.data[field] = `<${field}>`;
    }
  }
  return JSON.stringify(body);
}

function same(what: string, product: Call, baseline: Call, mask = false) {
  const [left, right] = mask ? [masked(product.body), masked(baseline.body)] : [product.body, baseline.body];
  if (product.status !== baseline.status || left !== right) {
    // Show where they part.
    let from = 0;
    while (from < left.length && left[from] === right[from]) from += 1;
    const around = (text: string) => text.slice(Math.max(0, from - 100), from + 300);
    throw new Error(`Product and baseline answer ${what} differently:\n  product  ${product.status} …${around(left)}\n  baseline ${baseline.status} …${around(right)}`);
  }
}

/** Compares the two servers on a few passes of `seeded` (which it uses up). */
export async function checkSameBodies(product: string, baseline: string, seeded: Seeded): Promise<void> {
  const guard = seeded.guardToken;
  const pass = seeded.takePass();
  same('a scan', await call(product, '/api/visitors/scan', guard, { token: pass.token }), await call(baseline, '/api/visitors/scan', guard, { token: pass.token }));
  same('an unknown token', await call(product, '/api/visitors/scan', guard, { token: 'no-such-pass' }), await call(baseline, '/api/visitors/scan', guard, { token: 'no-such-pass' }));
  same('an empty token', await call(product, '/api/visitors/scan', guard, { token: '  ' }), await call(baseline, '/api/visitors/scan', guard, { token: '  ' }));
  same('no token', await call(product, '/api/visitors/scan', null, { token: pass.token }), await call(baseline, '/api/visitors/scan', null, { token: pass.token }));
  same('a malformed visitor id', await call(product, '/api/visitors/checkin-qr', guard, { visitorId: 'nope' }), await call(baseline, '/api/visitors/checkin-qr', guard, { visitorId: 'nope' }));

  const [first, second] = [seeded.takePass(), seeded.takePass()];
  same('a check-in', await call(product, '/api/visitors/checkin-qr', guard, { visitorId: first.id }), await call(baseline, '/api/visitors/checkin-qr', guard, { visitorId: second.id }), true);
  // Each server moves its own visitor: the same answers whether they share a database or not.
  same('a second check-in', await call(product, '/api/visitors/checkin-qr', guard, { visitorId: first.id }), await call(baseline, '/api/visitors/checkin-qr', guard, { visitorId: second.id }));
  same('a check-out with notes', await call(product, '/api/visitors/checkout-qr', guard, { visitorId: first.id, notes: 'Left by the side gate' }), await call(baseline, '/api/visitors/checkout-qr', guard, { visitorId: second.id, notes: 'Left by the side gate' }), true);
  same('a second check-out', await call(product, '/api/visitors/checkout-qr', guard, { visitorId: first.id }), await call(baseline, '/api/visitors/checkout-qr', guard, { visitorId: second.id }));

  // docs/operations.md#gates: a named gate is recorded; a closed, unknown or malformed one is 400
  // Unknown gate.
  const [third, fourth] = [seeded.takePass(), seeded.takePass()];
  for (const gateId of [seeded.gates.inactive, '00000000-0000-4000-8000-000000000000', 'main-gate', 7]) {
    same(`a check-in at gate ${String(gateId)}`, await call(product, '/api/visitors/checkin-qr', guard, { visitorId: third.id, gateId }), await call(baseline, '/api/visitors/checkin-qr', guard, { visitorId: third.id, gateId }));
  }
  same('a check-in at the named gate', await call(product, '/api/visitors/checkin-qr', guard, { visitorId: third.id, gateId: seeded.gates.active }), await call(baseline, '/api/visitors/checkin-qr', guard, { visitorId: fourth.id, gateId: seeded.gates.active.toUpperCase() }), true);
  same('a check-out at the gate by default', await call(product, '/api/visitors/checkout-qr', guard, { visitorId: third.id, gateId: null }), await call(baseline, '/api/visitors/checkout-qr', guard, { visitorId: fourth.id }), true);

  // docs/operations.md#blocklist: a blocklisted visitor's scan warns, the check-in is refused (the
  // same
  // visitor on both: a refusal changes nothing), a guard cannot override, an admin can.
  const [banned, bannedToo] = seeded.blocklistedPasses;
  const admin = seeded.adminToken;
  same('a blocklisted visitor’s scan', await call(product, '/api/visitors/scan', guard, { token: banned.token }), await call(baseline, '/api/visitors/scan', guard, { token: banned.token }));
  same('a blocklisted visitor’s check-in', await call(product, '/api/visitors/checkin-qr', guard, { visitorId: banned.id }), await call(baseline, '/api/visitors/checkin-qr', guard, { visitorId: banned.id }));
  const override = { override: true, notes: 'Escorted by the committee' };
  same('a guard’s override', await call(product, '/api/visitors/checkin-qr', guard, { visitorId: banned.id, ...override }), await call(baseline, '/api/visitors/checkin-qr', guard, { visitorId: banned.id, ...override }));
  same('an override without notes', await call(product, '/api/visitors/checkin-qr', admin, { visitorId: banned.id, override: true }), await call(baseline, '/api/visitors/checkin-qr', admin, { visitorId: banned.id, override: true }));
  same('an admin’s override', await call(product, '/api/visitors/checkin-qr', admin, { visitorId: banned.id, ...override }), await call(baseline, '/api/visitors/checkin-qr', admin, { visitorId: bannedToo.id, ...override }), true);
}
