import type { Catalog } from '../../lib/i18n';

/**
 * Hindi texts of Inside now, the evacuation roll call
 * (docs/operations.md#reports-exports-and-inside-now).
 */
export default {
  InsideNowPage: {
    title: 'अभी अंदर',
    subtitle: 'इस समय जिनका चेक इन हुआ है, गेट और मकान के अनुसार: निकासी के समय हाज़िरी की सूची।',
    insideCount: { one: '{count} व्यक्ति अंदर', other: '{count} लोग अंदर' },
    print: 'प्रिंट करें',
    loading: 'अंदर मौजूद लोगों की सूची लोड हो रही है',
    offlineAsOf: 'ऑफ़लाइन — {time} तक की जानकारी',
    offlineHint: 'यह सूची इस डिवाइस पर रखी प्रति है, साथ में उसके बाद यहाँ किए गए चेक इन और चेक आउट। फ़ोन नंबर डिवाइस पर नहीं रखे जाते।',
    capped: '{total} में से पहले {shown} दिखाए जा रहे हैं।',
    emptyTitle: 'अंदर कोई नहीं है',
    emptyHint: 'इस समय किसी विज़िटर का चेक इन नहीं है।',
    noGate: 'गेट दर्ज नहीं',
    gate: 'गेट {name}',
    house: 'मकान {house}',
    houseCount: { one: '{count} अंदर', other: '{count} अंदर' },
    name: 'नाम',
    phone: 'फ़ोन',
    checkedIn: 'चेक इन',
    kind: 'प्रकार',
    vehicle: 'वाहन',
    host: 'मेज़बान: {name}',
    none: '—',
    invitation: 'निमंत्रण',
    walkIn: 'वॉक-इन',
    printedAt: '{time} को प्रिंट किया गया',
  },
  InsideNowLink: {
    insideNow: 'अभी अंदर',
  },
  InsideNowNavigation: {
    insideNow: 'अभी अंदर',
  },
} satisfies Catalog;
