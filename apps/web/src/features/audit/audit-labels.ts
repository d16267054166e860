/**
 * How the audit screen names each action and each kind of target, in the current language,
 * and where a target's own page is.
 */
import type { AuditAction, AuditTargetType } from '@gatehouse/shared';

import { i18n } from '../../lib/i18n';

const actionMessages = i18n('AuditActions', {
  'auth.sign-in': 'Signed in',
  'auth.sign-in-failed': 'Sign-in failed',
  'auth.sign-up': 'Signed up',
  'auth.sign-out': 'Signed out',
  'auth.sessions-revoked': 'Other sessions signed out',
  'auth.password-changed': 'Password changed',
  'auth.sign-up-refused': 'Sign-up refused',
  'auth.rate-limited': 'Too many sign-in attempts',
  'access.denied': 'Access denied',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.role-changed': 'Role changed',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'visitor.invited': 'Visitor invited',
  'visitor.scanned': 'Pass scanned',
  'visitor.checked-in': 'Visitor checked in',
  'visitor.checked-out': 'Visitor checked out',
  'visitor.cancelled': 'Invitation cancelled',
  'visitor.scan-failed': 'Unknown pass scanned',
  'visitor.walked-in': 'Walk-in registered',
  'visitor.approved': 'Walk-in approved',
  'visitor.rejected': 'Walk-in denied',
  'visitor.photo-added': 'Photo added',
  'house.created': 'House created',
  'house.updated': 'House updated',
  'house.deleted': 'House deleted',
  'house.resident-added': 'Resident added to a house',
  'house.resident-removed': 'Resident removed from a house',
  'payment.created': 'Payment created',
  'payment.updated': 'Payment updated',
  'payment.completed': 'Payment completed',
  'payment.failed': 'Payment failed',
  'gate.review-opened': 'Needs review: opened',
  'gate.review-dismissed': 'Needs review: dismissed',
  'gate.review-recorded': 'Needs review: recorded',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook updated',
  'webhook.deleted': 'Webhook deleted',
  'webhook.delivery-resent': 'Webhook delivery resent',
  'api-token.created': 'API token created',
  'api-token.revoked': 'API token revoked',
  'visitor.anonymised': 'Visitors anonymised',
  'visitor.erased': 'Visitor erased',
  'blocklist.added': 'Added to the blocklist',
  'blocklist.removed': 'Removed from the blocklist',
  'visitor.blocklist-refused': 'Check-in refused: blocklist',
  'pass.created': 'Recurring pass created',
  'pass.updated': 'Recurring pass updated',
  'pass.paused': 'Recurring pass paused',
  'pass.resumed': 'Recurring pass resumed',
  'pass.cancelled': 'Recurring pass cancelled',
  'pass.scanned': 'Recurring pass scanned',
  'pass.checked-in': 'Recurring pass checked in',
  'pass.checked-out': 'Recurring pass checked out',
  'gate.created': 'Gate created',
  'gate.updated': 'Gate updated',
  'community.created': 'Community created',
  'community.updated': 'Community updated',
  'community.suspended': 'Community suspended',
  'community.resumed': 'Community resumed',
} satisfies Record<AuditAction, string>);

const targetMessages = i18n('AuditTargets', {
  visitor: 'Visitor',
  pass: 'Recurring pass',
  user: 'User',
  house: 'House',
  payment: 'Payment',
  gate: 'Gate',
  'gate-review': 'Needs review',
  'blocklist-entry': 'Blocklist entry',
  'api-token': 'API token',
  webhook: 'Webhook',
  session: 'Session',
  community: 'Community',
} satisfies Record<AuditTargetType, string>);

/** An action's name, e.g. `Visitor checked in`; an action this app does not know yet reads as its code. */
export function auditActionLabel(action: string): string {
  return (actionMessages.get() as Record<string, string>)[action] ?? action;
}

/** A kind of target's name, e.g. `Recurring pass`. */
export function auditTargetTypeLabel(type: string): string {
  return (targetMessages.get() as Record<string, string>)[type] ?? type;
}

/** The catalogs, for components that re-render on a change of language. */
export const auditLabelMessages = { actionMessages, targetMessages };

/** The kinds of target the server names (`targetLabel`): a null label means the target is gone. */
export function isNamedTargetType(type: string | null): boolean {
  return type !== null && type !== 'session' && type !== 'gate-review' && type !== 'community';
}

/**
 * The page of a target, where one exists: its own page (a visitor, a recurring pass, a
 * house, a webhook's deliveries) while it still exists (`exists`: the row named it), else the
 * page that lists its kind (users, payments, gates, the blocklist, API tokens); none for a
 * session, a Needs review entry or a community.
 */
export function auditTargetHref(type: string | null, id: string | null, exists: boolean): string | null {
  if (!type || !id) return null;
  switch (type) {
    case 'visitor':
      return exists ? `/visitors/${id}` : null;
    case 'pass':
      return exists ? `/passes/${id}` : null;
    case 'house':
      return exists ? `/houses/${id}` : null;
    case 'webhook':
      return exists ? `/webhooks/${id}` : null;
    case 'user':
      return '/users';
    case 'payment':
      return '/payments';
    case 'gate':
      return '/gates';
    case 'blocklist-entry':
      return '/blocklist';
    case 'api-token':
      return '/api-tokens';
    default:
      return null;
  }
}
