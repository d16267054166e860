/**
 * A visitor's photo is decoded and encoded again before it is kept, on both databases: a
 * file that only starts like a JPEG (an HTML page) is refused and nothing is kept; a
 * camera's metadata (EXIF: the place it was taken, the device) is not kept, and the picture
 * is turned upright by its orientation; a JPEG declaring a huge canvas is refused.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PHOTO_MAX_PIXELS } from '../src/services/visitor-photos';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const PHOTO_MESSAGE = 'Photo must be a JPEG of at most 200 KB';

/** A 40×20 JPEG as a phone writes it: EXIF with the device, GPS position and "rotate 90°" (orientation 6). */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'SpyPhone', Model: 'Tracker 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 5400/100', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 1800/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe.each(legs)('visitor photos on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const guard = () => h.caller(c.guard.token);
  const walkIn = (name: string) => guard().visitors.walkIn({ name, phone: '+15550004444', houseId: c.houseId });
  const kept = async (id: string) => Buffer.from(await h.caller(c.admin.token).visitors.photo({ id }));

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('keeps the picture, upright, without the camera’s metadata', async () => {
    const upload = await cameraJpeg();
    const before = await sharp(upload).metadata();
    expect(before).toMatchObject({ width: 40, height: 20, orientation: 6 });
    expect(before.exif?.includes(Buffer.from('SpyPhone'))).toBe(true);
    const visitor = await walkIn('Exif Ellie');
    const stored = await guard().visitors.putPhoto({ id: visitor.id, jpeg: new Uint8Array(upload) });
    expect(stored.hasPhoto).toBe(true);
    const bytes = await kept(visitor.id);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes('SpyPhone')).toBe(false);
    expect(bytes.includes('Tracker')).toBe(false);
    // The audit row counts the kept bytes.
    const [audit] = await h.em().execute<{ details: unknown }[]>(`select details from audit_event where action = 'visitor.photo-added' and target_id = ?`, [visitor.id]);
    const details = (typeof audit!.details === 'string' ? JSON.parse(audit!.details) : audit!.details) as { bytes: number };
    expect(details.bytes).toBe(bytes.length);
  });

  it('refuses a file that only starts like a JPEG, and keeps nothing', async () => {
    const visitor = await walkIn('Html Harry');
    const html = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<!doctype html><script>fetch("/api/auth/me")</script>')]);
    expect(await failure(guard().visitors.putPhoto({ id: visitor.id, jpeg: new Uint8Array(html) }))).toEqual({ status: 400, message: PHOTO_MESSAGE });
    // Another format, and a JPEG cut short, neither.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await failure(guard().visitors.putPhoto({ id: visitor.id, jpeg: new Uint8Array(png) }))).status).toBe(400);
    const camera = await cameraJpeg();
    expect((await failure(guard().visitors.putPhoto({ id: visitor.id, jpeg: new Uint8Array(camera.subarray(0, camera.length - 80)) }))).status).toBe(400);
    expect((await h.caller(c.admin.token).visitors.byId({ id: visitor.id })).hasPhoto).toBe(false);
    const [row] = await h.em().execute<{ n: number }[]>(`select count(*)::int as n from visitor_photo where visitor_id = ?`, [visitor.id]);
    expect(row!.n).toBe(0);
  });

  it('refuses a small file that declares a huge picture', async () => {
    const visitor = await walkIn('Bomb Bertie');
    const small = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer());
    // The frame header (SOF0, FF C0): height and width 30,000 each, 900 megapixels.
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    small.writeUInt16BE(30_000, sof + 5);
    small.writeUInt16BE(30_000, sof + 7);
    expect(30_000 * 30_000).toBeGreaterThan(PHOTO_MAX_PIXELS);
    expect(await failure(guard().visitors.putPhoto({ id: visitor.id, jpeg: new Uint8Array(small) }))).toEqual({ status: 400, message: PHOTO_MESSAGE });
  });
});
