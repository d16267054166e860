/**
 * Visitors' photos (docs/gate.md#walk-ins): the gate takes one of a walk-in (an invitation may
 * carry one too), the resident deciding sees it. The upload is decoded and encoded again
 * (`reencodedPhoto`): what is kept in `visitor_photo` is a plain JPEG the server made, never
 * the uploaded bytes, so a file that only starts like a JPEG (an HTML page, a script) is
 * refused, and the metadata a camera writes (EXIF: where and when it was taken, the
 * device) is gone. It is kept apart from the visitor row, so that lists and the gate path
 * never read it; the visitor row says `has_photo`.
 */
import { communityIdOf } from '@gatehouse/db';
import type { EntityManager, User } from '@gatehouse/db';
import { isUuid, PHOTO_MAX_BYTES, PHOTO_MESSAGE, type Visitor, type VisitorStatus } from '@gatehouse/shared';
import sharp from 'sharp';

import { httpError } from '../errors';
import { serializeVisitorRow, VISITOR_ROW_JOINS, visitorRowColumns, type VisitorRow } from '../lib/serialize';
import { recordAudit, type Actor } from './audit';
import { PHOTO_STATUSES } from './visitor-state-machine';
import { canSeeVisitorRow } from './visitors';

/** Whether `bytes` start as a JPEG file does (SOI marker then a marker: FF D8 FF). */
export function looksLikeJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** The most pixels an uploaded photo may declare (a 200 KB JPEG can claim a huge canvas to exhaust memory). */
export const PHOTO_MAX_PIXELS = 24_000_000;
/** The longest side of a kept photo (px): the web app sends about 640 px; more is never shown. */
export const PHOTO_MAX_SIDE = 1_280;

/**
 * `bytes` decoded as a JPEG and encoded again: turned upright by its EXIF orientation, at
 * most PHOTO_MAX_SIDE pixels a side, quality 80, without any metadata (EXIF, XMP, comments,
 * ICC profile: the pixels alone, in sRGB). Errors: 400 VALIDATION_FAILED 'Photo must be a
 * JPEG of at most 200 KB' (details on `jpeg`) when the bytes are not a whole, decodable
 * JPEG (another format, a truncated or corrupt file, a JPEG-prefixed text) or declare more
 * than PHOTO_MAX_PIXELS pixels.
 */
export async function reencodedPhoto(bytes: Uint8Array): Promise<Buffer> {
  try {
    const input = sharp(bytes, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS });
    const { format } = await input.metadata();
    if (format !== 'jpeg') throw new Error(`not a JPEG: ${format}`);
    return await input
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    throw httpError(400, PHOTO_MESSAGE, { field: 'jpeg' });
  }
}

/**
 * Stores `jpeg`, decoded and encoded again (`reencodedPhoto`), as the photo of visitor `id`
 * (replacing any earlier one), sets `has_photo`, and writes the `visitor.photo-added` audit
 * row (the kept size, `bytes`), in one transaction. The visitor row changes (its
 * `updated_at`), so live subscribers get `visitor.updated`.
 * Errors: 400 VALIDATION_FAILED 'Photo must be a JPEG of at most 200 KB' (details on
 * `jpeg`: over 204,800 bytes, not a JPEG by its first bytes, or not a decodable JPEG);
 * 404 'Visitor not found'; 409 INVALID_TRANSITION naming the status when the visitor is not
 * pending or approved (both found before the photo is decoded).
 */
export async function putVisitorPhoto(
  em: EntityManager,
  actor: Actor,
  input: { id: string; jpeg: Uint8Array },
  now: Date,
): Promise<Visitor> {
  if (!isUuid(input.id)) throw httpError(404, 'Visitor not found');
  if (input.jpeg.length > PHOTO_MAX_BYTES || !looksLikeJpeg(input.jpeg)) throw httpError(400, PHOTO_MESSAGE, { field: 'jpeg' });
  // The visitor's status first: decoding is the costly part, and its refusal names the status.
  // docs/security.md#communities: the request's community's visitor only.
  const [found] = await em.execute<{ status: VisitorStatus }[]>('select status from visitor_invitation where community_id = ? and id = ?', [
    communityIdOf(em),
    input.id,
  ]);
  if (!found) throw httpError(404, 'Visitor not found');
  if (!(PHOTO_STATUSES as readonly VisitorStatus[]).includes(found.status)) throw photoStatusRefusal(found.status);
  const jpeg = await reencodedPhoto(input.jpeg);
  return em.transactional(async (tx) => {
    const statuses = PHOTO_STATUSES.map(() => '?').join(', ');
    const [row] = await tx.execute<VisitorRow[]>(
      `with changed as (
         update visitor_invitation v set has_photo = true, updated_at = ?
          where v.community_id = ? and v.id = ? and v.status in (${statuses})
         returning v.*
       )
       select ${visitorRowColumns('v')} from changed v ${VISITOR_ROW_JOINS}`,
      [now, communityIdOf(tx), input.id, ...PHOTO_STATUSES],
    );
    if (!row) {
      const [current] = await tx.execute<{ status: VisitorStatus }[]>('select status from visitor_invitation where community_id = ? and id = ?', [
        communityIdOf(tx),
        input.id,
      ]);
      if (!current) throw httpError(404, 'Visitor not found');
      throw photoStatusRefusal(current.status);
    }
    await tx.execute(
      `insert into visitor_photo (visitor_id, community_id, jpeg, updated_at) values (?, ?, ?, ?)
       on conflict (visitor_id) do update set jpeg = excluded.jpeg, updated_at = excluded.updated_at`,
      [input.id, communityIdOf(tx), jpeg, now],
    );
    await recordAudit(tx, actor, { action: 'visitor.photo-added', targetType: 'visitor', targetId: input.id, details: { bytes: jpeg.length } }, now);
    return serializeVisitorRow(row);
  });
}

/** 409 INVALID_TRANSITION: a photo for a visitor who is not pending or approved, naming the status. */
function photoStatusRefusal(status: VisitorStatus) {
  return httpError(409, `A photo can be added only while the visitor is pending or approved: status is ${status}`, {
    code: 'INVALID_TRANSITION',
    refusal: { reason: 'photo-status', status },
  });
}

/**
 * The stored photo of visitor `id` (as the server encoded it), byte for byte, for whoever may read the visitor
 * (docs/security.md#who-may-do-what). Errors: 404 'Visitor not found' (also outside a resident's
 * reach, or of another community: docs/security.md#communities); 404 'Photo not found' when the
 * visitor has none.
 */
export async function getVisitorPhoto(em: EntityManager, user: User, id: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!isUuid(id)) throw httpError(404, 'Visitor not found');
  const [row] = await em.execute<{ house_id: string; host_id: string | null; jpeg: Buffer | Uint8Array | null }[]>(
    `select v.house_id, v.host_id, p.jpeg from visitor_invitation v left join visitor_photo p on p.visitor_id = v.id
      where v.community_id = ? and v.id = ?`,
    [communityIdOf(em), id],
  );
  if (!row || !canSeeVisitorRow(user, row)) throw httpError(404, 'Visitor not found');
  if (!row.jpeg) throw httpError(404, 'Photo not found');
  return Uint8Array.from(row.jpeg);
}
