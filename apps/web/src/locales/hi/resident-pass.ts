import type { Catalog } from '../../lib/i18n';

/** The pass card's share actions (features/passes/PassShareActions). */
export default {
  PassShareActions: {
    actions: 'पास शेयर करें',
    share: 'शेयर करें',
    download: 'डाउनलोड',
    print: 'प्रिंट करें',
    copied: 'कॉपी हो गया',
    shareFailed: 'पास शेयर या कॉपी नहीं हो सका। डाउनलोड करें, फिर तस्वीर भेजें।',
    dismiss: 'सूचना बंद करें',
  },
} satisfies Catalog;
