/** The three roles of docs/product.md#who-uses-it. */
export const ROLES = ['admin', 'resident', 'guard'] as const;
export type Role = (typeof ROLES)[number];

/** Visitor invitation statuses of docs/product.md#statuses-and-their-badges, each with a badge. */
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
 * How a visitor came (docs/gate.md#walk-ins): invited ahead by a resident or an admin, or
 * registered at the gate by a guard (a walk-in, pending until a resident decides).
 */
export const VISITOR_KINDS = ['invitation', 'walk-in'] as const;
export type VisitorKind = (typeof VISITOR_KINDS)[number];

/** Payment statuses of docs/product.md#statuses-and-their-badges and docs/api.md#payments. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment types of docs/api.md#payments. */
export const PAYMENT_TYPES = ['maintenance', 'amenity', 'fine', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** How a completed payment was paid (docs/operations.md#dues-ledger). */
export const PAYMENT_METHODS = ['cash', 'cheque', 'bank-transfer', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
