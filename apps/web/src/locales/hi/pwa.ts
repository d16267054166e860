import type { Catalog } from '../../lib/i18n';

/** The installable app (docs/gate.md#installing-the-app): the offer of a new version. */
export default {
  UpdatePrompt: {
    available: 'नया वर्ज़न उपलब्ध है',
    reload: 'रीलोड करें',
  },
} satisfies Catalog;
