import type { Catalog } from '../../lib/i18n';

/** Hindi texts of erasing a visitor's personal data (docs/privacy.md#retention-and-erasure). */
export default {
  VisitorErase: {
    erase: 'निजी जानकारी मिटाएँ',
    title: 'निजी जानकारी मिटाएँ?',
    question:
      'नाम “Visitor” हो जाएगा, और फ़ोन, ईमेल, वाहन नंबर, उद्देश्य, नोट्स और फ़ोटो हमेशा के लिए हटा दिए जाएँगे। रिपोर्ट के लिए तारीख़, मकान, स्थिति और गेट के समय बने रहेंगे। इसे वापस नहीं किया जा सकता।',
    keep: 'जानकारी रखें',
    failed: 'निजी जानकारी नहीं मिटाई जा सकी',
    erasedOn: 'निजी जानकारी {date} को मिटाई गई।',
    erasedHint: 'दिखाया गया नाम विज़िटर का अपना नाम नहीं है।',
  },
} satisfies Catalog;
