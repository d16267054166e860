/** Texts of the gates shown on a visitor (docs/operations.md#gates), in a catalog of their own. */
import { i18n, params } from '../../lib/i18n';

/** The visitor page's gate rows and the Activity Log's "at {gate}". */
export const visitorGateMessages = i18n('VisitorGates', {
  checkInGate: 'Check-in gate',
  checkOutGate: 'Check-out gate',
  atGate: params('at {gate}'),
});
