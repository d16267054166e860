/**
 * Entity → JSON, in the shapes of product-spec §3 and server-contract §4, §6.
 * Relations used here must be loaded by the caller.
 */
import type { House, User, VisitorInvitation } from '@gatehouse/db';
import type { HouseRef, User as UserJson, Visitor as VisitorJson } from '@gatehouse/shared';

/** `{id, houseNumber, block}` of a loaded house. */
export function houseRef(house: House): HouseRef {
  return { id: house.id, houseNumber: house.houseNumber, block: house.block };
}

/** The id of the house a loaded user lives in, or null (a user lives in at most one house). */
export function houseIdOf(user: User): string | null {
  return (user.house as House | null | undefined)?.id ?? null;
}

/** User JSON: never the password hash. */
export function serializeUser(user: User): UserJson {
  const house = user.house as House | null | undefined;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    houseId: house ? houseRef(house) : null,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Visitor JSON (server-contract §6); `house` and `host` must be loaded. */
export function serializeVisitor(visitor: VisitorInvitation): VisitorJson {
  const house = visitor.house as House;
  const host = visitor.host as User;
  return {
    id: visitor.id,
    name: visitor.name,
    phone: visitor.phone,
    email: visitor.email ?? null,
    purpose: visitor.purpose ?? null,
    vehicleLicensePlate: visitor.vehicleLicensePlate ?? null,
    houseId: houseRef(house),
    hostId: { id: host.id, name: host.name },
    visitDate: visitor.visitDate,
    visitTimeFrom: visitor.visitTimeFrom,
    visitTimeTo: visitor.visitTimeTo,
    status: visitor.status,
    qrCodeDataUrl: visitor.qrCodeDataUrl,
    qrCodeToken: visitor.qrCodeToken,
    check_in_time: visitor.checkInTime ? visitor.checkInTime.toISOString() : null,
    check_out_time: visitor.checkOutTime ? visitor.checkOutTime.toISOString() : null,
    notes: visitor.notes ?? null,
    createdAt: visitor.createdAt.toISOString(),
  };
}

/** Escapes `%`, `_` and `\` so that a search text matches literally in ILIKE (server-contract §1a). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
