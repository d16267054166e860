import type { Catalog } from '../../lib/i18n';

/** The installable app (docs/gate.md#installing-the-app): the offer of a new version. */
export default {
  UpdatePrompt: {
    available: 'Hay una nueva versión disponible',
    reload: 'Recargar',
  },
} satisfies Catalog;
