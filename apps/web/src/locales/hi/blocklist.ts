import type { Catalog } from '../../lib/i18n';

/**
 * Hindi texts of the blocklist (docs/operations.md#blocklist): the admins' page and the gate's
 * warning.
 */
export default {
  BlocklistPage: {
    title: 'ब्लॉक सूची',
    subtitle: 'वे लोग जिन्हें गेट से अंदर नहीं आने देना है, फ़ोन नंबर या गाड़ी नंबर से। गार्ड केवल कारण देखते हैं।',
    add: 'ब्लॉक सूची में जोड़ें',
    loading: 'ब्लॉक सूची लोड हो रही है',
    empty: 'ब्लॉक सूची में कोई नहीं है',
    emptyHint: 'किसी व्यक्ति को फ़ोन नंबर या गाड़ी नंबर से जोड़ें ताकि गेट उन्हें मना कर दे।',
    total: { one: '{count} प्रविष्टि', other: '{count} प्रविष्टियाँ' },
    listLabel: 'ब्लॉक सूची की प्रविष्टियाँ',
    phone: 'फ़ोन',
    plate: 'गाड़ी नंबर',
    reason: 'कारण',
    added: '{name} ने {when} को जोड़ा',
    remove: 'हटाएँ',
    removeEntry: '{name} को ब्लॉक सूची से हटाएँ',
    removeTitle: 'ब्लॉक सूची से हटाएँ?',
    removeQuestion: '{name} को ब्लॉक सूची से हटाएँ? गेट उन्हें फिर से अंदर आने देगा।',
    removed: 'ब्लॉक सूची से हटा दिया गया',
    none: 'कोई नहीं',
    addTitle: 'ब्लॉक सूची में जोड़ें',
    addDescription: 'फ़ोन नंबर, गाड़ी नंबर या दोनों दें: गेट इनमें से किसी से भी मिलान करता है।',
    name: 'नाम',
    phoneHint: 'मिलान में स्पेस और डैश अनदेखे किए जाते हैं।',
    reasonHint: 'गेट पर गार्ड को दिखाया जाता है।',
    cancel: 'रद्द करें',
    save: 'प्रविष्टि जोड़ें',
    saving: 'जोड़ा जा रहा है…',
    saved: 'ब्लॉक सूची में जोड़ दिया गया',
  },
  BlocklistWarning: {
    title: 'सोसाइटी की ब्लॉक सूची में है',
    reason: 'कारण: {reason}',
    doNotAdmit: 'इस विज़िटर को अंदर न आने दें। ज़िद करें तो कमेटी को फ़ोन करें।',
    override: 'अनदेखा करके चेक-इन करें',
    notes: 'आप उन्हें अंदर क्यों आने दे रहे हैं?',
    notesHint: 'ज़रूरी। आपके नाम के साथ ऑडिट लॉग में रखा जाता है।',
    notesRequired: 'ब्लॉक सूची को अनदेखा करने के लिए नोट्स ज़रूरी हैं',
    confirm: 'फिर भी चेक-इन करें',
    cancel: 'रद्द करें',
  },
  BlocklistNotification: {
    refused: '{name} ब्लॉक सूची में है: गेट पर उनका चेक-इन मना कर दिया गया',
  },
  BlocklistAlerts: {
    title: 'ब्लॉक सूची अलर्ट',
    description: 'गेट द्वारा मना किए गए चेक-इन: विज़िटर ब्लॉक सूची में है।',
    list: 'मना किए गए चेक-इन',
    refused: '{name}, मकान {house} के लिए, {time} पर मना किया गया',
    seen: 'देखा गया चिह्नित करें',
  },
  BlocklistNavigation: {
    blocklist: 'ब्लॉक सूची',
  },
} satisfies Catalog;
