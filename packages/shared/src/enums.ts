/** The three roles of product-spec §1. */
export const ROLES = ['admin', 'resident', 'guard'] as const;
export type Role = (typeof ROLES)[number];

/** Visitor invitation statuses of product-spec §4, each with a badge. */
export const VISITOR_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'checked-in',
  'checked-out',
  'expired',
  'cancelled',
] as const;
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];

/**
 * How a visitor came (live-gate §2): invited ahead by a resident or an admin, or
 * registered at the gate by a guard (a walk-in, pending until a resident decides).
 */
export const VISITOR_KINDS = ['invitation', 'walk-in'] as const;
export type VisitorKind = (typeof VISITOR_KINDS)[number];

/** Payment statuses of product-spec §4 and server-contract §7. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment types of server-contract §7. */
export const PAYMENT_TYPES = ['maintenance', 'amenity', 'fine', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** How a completed payment was paid (operations §5). */
export const PAYMENT_METHODS = ['cash', 'cheque', 'bank-transfer', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
