import type { Catalog } from '../../lib/i18n';

export default {
  App: {
    loading: 'लोड हो रहा है…',
  },
  format: {
    houseBlock: 'ब्लॉक',
    admin: 'व्यवस्थापक',
    resident: 'निवासी',
    guard: 'गार्ड',
    waitingForResident: 'निवासी की प्रतीक्षा है',
    noHost: 'कोई नहीं (बिना निमंत्रण)',
  },
} satisfies Catalog;
