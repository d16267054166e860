import type { Catalog } from '../../lib/i18n';

/**
 * Hindi texts of the gates (docs/operations.md#gates): the admins' page, the tablet's gate, the
 * visitor's gates.
 */
export default {
  GatesNavigation: {
    gates: 'गेट',
  },
  GatesPage: {
    title: 'गेट',
    subtitle: 'समुदाय के प्रवेश द्वार। गार्ड टैबलेट पर अपना गेट चुनते हैं; हर चेक-इन और चेक-आउट उसे दर्ज करता है।',
    loading: 'गेट लोड हो रहे हैं',
    addTitle: 'गेट जोड़ें',
    name: 'गेट का नाम',
    add: 'गेट जोड़ें',
    empty: 'अभी कोई गेट नहीं',
    emptyHint: 'समुदाय के गेट जोड़ें ताकि हर चेक-इन और चेक-आउट दर्ज करे कि वह कहाँ हुआ।',
    total: { one: '{count} गेट', other: '{count} गेट' },
    listLabel: 'गेट',
    created: '{when} को जोड़ा गया',
    rename: 'नाम बदलें',
    renameGate: '{name} का नाम बदलें',
    newName: '{name} का नया नाम',
    save: 'सहेजें',
    cancel: 'रद्द करें',
    activate: 'सक्रिय करें',
    activateGate: '{name} सक्रिय करें',
    deactivate: 'निष्क्रिय करें',
    deactivateGate: '{name} निष्क्रिय करें',
    added: '{name} जोड़ा गया',
  },
  GateChooser: {
    chooseTitle: 'यह टैबलेट किस गेट पर है?',
    chooseHint: 'इस टैबलेट पर किया गया हर चेक-इन और चेक-आउट आपके चुने गेट को दर्ज करता है। यह डिवाइस उसे याद रखता है।',
    chooseGate: 'यह टैबलेट {name} पर है',
    thisGate: 'गेट: {name}',
    onlyGate: 'गेट: {name} (एकमात्र गेट)',
    change: 'गेट बदलें',
    changeLabel: 'गेट बदलें (अभी {name})',
    cancel: 'यही गेट रखें',
    gates: 'गेट',
  },
  VisitorGates: {
    checkInGate: 'प्रवेश गेट',
    checkOutGate: 'निकास गेट',
    atGate: '{gate} पर',
  },
} satisfies Catalog;
