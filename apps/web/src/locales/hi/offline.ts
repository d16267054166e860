import type { Catalog } from '../../lib/i18n';

export default {
  'offline-gate': {
    verifiedOffline: 'ऑफ़लाइन सत्यापित — आख़िरी सिंक {time}',
    unknownPass: 'पास ऑफ़लाइन अस्वीकार: यह उन पासों में नहीं है जो इस टैबलेट ने आख़िरी बार {time} पर सिंक किए थे।',
    outsideWindow: 'यह निमंत्रण {date} को {from} से {to} तक मान्य है',
    passOutsideWindow: 'यह नियमित पास {date} को {from} से {to} तक मान्य है',
    checkedInSaved: 'विज़िटर का चेक इन हुआ — इस टैबलेट पर सेव किया गया',
    checkedOutSaved: 'विज़िटर का चेक आउट हुआ — इस टैबलेट पर सेव किया गया',
    savedOnTablet: 'इस टैबलेट पर सेव किया गया: कनेक्शन लौटने पर भेजा जाएगा।',
    checkedInOffline: '{name} का चेक इन हुआ: मकान {house}।',
  },
  GateConnectionBanner: {
    offline: 'ऑफ़लाइन — एंट्री इस टैबलेट पर सेव होती हैं और कनेक्शन लौटने पर भेजी जाती हैं',
    waiting: { one: '{count} एंट्री बाकी', other: '{count} एंट्री बाकी' },
    sending: 'इस टैबलेट पर सेव की गई एंट्री भेजी जा रही हैं',
  },
  NeedsReview: {
    title: 'समीक्षा ज़रूरी',
    description:
      'ऑफ़लाइन की गई एंट्री, जिन्हें भेजने पर सर्वर ने अस्वीकार कर दिया। व्यक्ति गेट से गुज़र चुका है: मामला सुलझने पर हर एंट्री हटा दें।',
    list: 'समीक्षा वाली एंट्री',
    checkIn: 'चेक इन',
    checkOut: 'चेक आउट',
    unknownVisitor: 'अज्ञात विज़िटर',
    when: '{action}: {time}',
    serverSaid: 'सर्वर का जवाब',
    dismiss: 'हटाएँ',
    dismissOf: '{name} की समीक्षा हटाएँ',
    record: 'एंट्री दर्ज करें',
    recordOf: '{name} की एंट्री दर्ज करें',
    dismissed: 'समीक्षा हटा दी गई',
    dismissFailed: 'समीक्षा नहीं हटाई जा सकी',
  },
  RecordEntryDialog: {
    title: 'एंट्री दर्ज करें',
    description: '{name} गेट से गुज़रे थे ({action}: {time})। आपका नोट रिकॉर्ड के साथ रखा जाएगा।',
    note: 'नोट',
    noteHint: 'गेट पर क्या हुआ: व्यक्ति को किसने और क्यों जाने दिया।',
    noteRequired: 'कृपया नोट लिखें',
    cancel: 'रद्द करें',
    save: 'एंट्री दर्ज करें',
    saving: 'सेव हो रहा है…',
    recorded: 'एंट्री दर्ज हो गई',
    failed: 'एंट्री दर्ज नहीं हो सकी',
  },
} satisfies Catalog;
