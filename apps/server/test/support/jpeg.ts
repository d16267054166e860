/**
 * Real JPEG files for the photo tests, without an image library: the server decodes and
 * encodes every photo again, so a test photo must be a whole JPEG, not just its first bytes.
 */

/** An 8×8 JPEG (orange), as an encoder wrote it. */
const BASE_8X8 = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKABiz//2Q==',
  'base64',
);
/** A 16×8 JPEG (blue). */
const BASE_16X8 = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIwDIl//2Q==',
  'base64',
);

/** The smallest test photo (8×8, 268 bytes). */
export const SMALL_JPEG: Buffer = BASE_8X8;

/**
 * A real JPEG of exactly `size` bytes (at least 268, or 272 and more): an 8×8 image (16×8
 * with `wide`) padded with comment segments (COM, `FF FE`, which decoders skip and the
 * server's re-encoding drops), each holding `filler` text.
 */
export function jpegOfSize(size: number, options: { wide?: boolean; filler?: string } = {}): Buffer {
  const base = options.wide ? BASE_16X8 : BASE_8X8;
  let remaining = size - base.length;
  if (remaining < 0 || (remaining > 0 && remaining < 4)) throw new RangeError(`no JPEG of ${size} bytes`);
  const segments: Buffer[] = [];
  const filler = Buffer.from(options.filler ?? ' ');
  while (remaining > 0) {
    // A segment is FF FE, a 2-byte length (counting itself) and up to 65,533 bytes.
    let take = Math.min(remaining, 65_537);
    if (remaining - take > 0 && remaining - take < 4) take -= 4;
    const segment = Buffer.alloc(take);
    segment.set([0xff, 0xfe, (take - 2) >> 8, (take - 2) & 0xff]);
    for (let at = 4; at < take; at++) segment[at] = filler[(at - 4) % filler.length]!;
    segments.push(segment);
    remaining -= take;
  }
  // After SOI (FF D8), before the encoder's own segments.
  return Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
}

/** The markers (second byte after FF) of a JPEG's segments before its image data, e.g. 0xfe for COM, 0xe1 for EXIF. */
export function jpegMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return markers;
}

/** A JPEG's width and height, from its frame header (SOF0 to SOF2). */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}
