/**
 * Hindi texts of errors (lib/i18n.ts `translateServerError`, `translateValidation`):
 * - `errorCodes`: a general sentence for each stable error code (integrations.md §2), used
 *   when the server's text is not one of `serverTexts` (texts built with values);
 * - `serverTexts`: the server's fixed English texts and the web app's own failure texts,
 *   keyed by the exact English words;
 * - `validation`: every message of the shared zod schemas, keyed by the exact English words.
 * test/i18n-errors.test.ts checks that nothing is missing.
 */
import type { Catalog } from '../../lib/i18n';

export default {
  errorCodes: {
    VALIDATION_FAILED: 'कुछ जानकारी सही नहीं है। जाँचकर फिर से कोशिश करें।',
    BAD_REQUEST: 'अनुरोध पूरा नहीं किया जा सका।',
    UNAUTHENTICATED: 'आप साइन इन नहीं हैं या आपका सेशन खत्म हो गया है। फिर से साइन इन करें।',
    INVALID_CREDENTIALS: 'ईमेल या पासवर्ड गलत है।',
    FORBIDDEN: 'आपको यह करने की अनुमति नहीं है।',
    ACCOUNT_INACTIVE: 'आपका खाता निष्क्रिय है।',
    NOT_FOUND: 'यह नहीं मिला, या आपके पास इसकी पहुँच नहीं है।',
    METHOD_NOT_ALLOWED: 'यह कार्रवाई अनुमत नहीं है।',
    INVALID_TRANSITION: 'मौजूदा स्थिति या समय के कारण यह कार्रवाई अभी नहीं हो सकती।',
    CONFLICT: 'यह कार्रवाई पहले से मौजूद जानकारी से टकराती है।',
    BLOCKLISTED: 'यह विज़िटर सोसाइटी की ब्लॉक सूची में है।',
    PAYLOAD_TOO_LARGE: 'अनुरोध बहुत बड़ा है।',
    UNSUPPORTED_MEDIA_TYPE: 'यह सामग्री प्रकार समर्थित नहीं है।',
    IDEMPOTENCY_KEY_REUSED: 'यह अनुरोध पहले अलग जानकारी के साथ भेजा जा चुका है।',
    RATE_LIMITED: 'बहुत ज़्यादा कोशिशें। थोड़ी देर रुककर फिर से कोशिश करें।',
    UNAVAILABLE: 'सेवा अभी उपलब्ध नहीं है। थोड़ी देर में फिर से कोशिश करें।',
    INTERNAL: 'सर्वर में कोई गड़बड़ी हुई।',
  },

  serverTexts: {
    // operations §1: recurring passes.
    'A pass can last at most 12 months': 'पास ज़्यादा से ज़्यादा 12 महीने का हो सकता है',
    'Choose at least one day': 'कम से कम एक दिन चुनें',
    'End date is required': 'खत्म होने की तारीख ज़रूरी है',
    'End date must be a date (YYYY-MM-DD)': 'खत्म होने की तारीख एक तारीख (YYYY-MM-DD) होनी चाहिए',
    'End date must be on or after start date': 'खत्म होने की तारीख शुरू होने की तारीख के बराबर या बाद की होनी चाहिए',
    'End time must be after start time': 'खत्म होने का समय शुरू होने के समय के बाद होना चाहिए',
    'Invalid weekday': 'अमान्य दिन',
    'Month must be YYYY-MM': 'महीना YYYY-MM रूप में होना चाहिए',
    'Pass cannot be checked in: already inside': 'पास से प्रवेश दर्ज नहीं हो सकता: व्यक्ति पहले से अंदर है',
    'Pass cannot be checked out: not inside': 'पास से निकास दर्ज नहीं हो सकता: व्यक्ति अंदर नहीं है',
    'Pass not found': 'पास नहीं मिला',
    'Start date cannot be in the past': 'शुरू होने की तारीख बीत चुकी तारीख नहीं हो सकती',
    'Start date is required': 'शुरू होने की तारीख ज़रूरी है',
    'Start date must be a date (YYYY-MM-DD)': 'शुरू होने की तारीख एक तारीख (YYYY-MM-DD) होनी चाहिए',
    'You can only create passes for your own house': 'आप केवल अपने घर के लिए पास बना सकते हैं',
    // Blocklist (operations §3).
    'This visitor is on the community blocklist': 'यह विज़िटर सोसाइटी की ब्लॉक सूची में है',
    'Only an admin can override the blocklist': 'केवल एडमिन ब्लॉक सूची को अनदेखा कर सकता है',
    'Notes are required to override the blocklist': 'ब्लॉक सूची को अनदेखा करने के लिए नोट्स ज़रूरी हैं',
    'Blocklist entry not found': 'ब्लॉक सूची की प्रविष्टि नहीं मिली',
    // CSV exports (operations §4).
    'The start date must not be after the end date': 'आरंभ तिथि अंतिम तिथि के बाद नहीं हो सकती',
    // Reports (operations §4).
    'A report covers at most 366 days': 'एक रिपोर्ट अधिकतम 366 दिनों की होती है',
    'An export covers at most 366 days': 'एक निर्यात अधिकतम 366 दिनों का होता है',
    'Too many exports are running, try again in a minute': 'बहुत सारे निर्यात चल रहे हैं, एक मिनट बाद फिर से प्रयास करें',
    // Gates (operations §2).
    'Gate not found': 'गेट नहीं मिला',
    'A gate with this name already exists': 'इस नाम का गेट पहले से मौजूद है',
    'A community can have at most 200 gates': 'एक समुदाय में अधिकतम 200 गेट हो सकते हैं',
    'Unknown gate': 'अज्ञात गेट',
    // Webhooks (integrations §3).
    'Webhook not found': 'वेबहुक नहीं मिला',
    'Delivery not found': 'डिलीवरी नहीं मिली',
    'Webhook URL is required': 'वेबहुक URL आवश्यक है',
    'Webhook URL must be a valid URL': 'वेबहुक URL एक मान्य URL होना चाहिए',
    'Webhook URL must use http or https': 'वेबहुक URL में http या https होना चाहिए',
    'Webhook URL must be a public address': 'वेबहुक URL एक सार्वजनिक पता होना चाहिए',
    'Webhook URL host could not be resolved': 'वेबहुक URL का होस्ट नहीं मिल सका',
    'Webhook URL must be at most 2000 characters': 'वेबहुक URL अधिकतम 2000 अक्षरों का हो सकता है',
    'Webhook URL contains characters that cannot be stored': 'वेबहुक URL में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Choose at least one event': 'कम से कम एक इवेंट चुनें',
    'Unknown event type': 'अज्ञात इवेंट प्रकार',
    // Dues ledger (operations §5).
    'Paid at cannot be in the future': 'भुगतान की तारीख़ भविष्य में नहीं हो सकती',
    'Paid at must be a date and time with a time zone (ISO 8601)':
      'भुगतान का समय, समय-क्षेत्र सहित तारीख़ और समय (ISO 8601) होना चाहिए',
    // The server's fixed texts (packages/api, apps/server).
    'You can only invite visitors to your own house': 'आप केवल अपने घर के लिए विज़िटर आमंत्रित कर सकते हैं',
    'House not found': 'घर नहीं मिला',
    'Visitor not found': 'विज़िटर नहीं मिला',
    'Invalid or expired QR code': 'QR कोड अमान्य है या उसकी अवधि खत्म हो गई है',
    'Email is already registered': 'यह ईमेल पहले से रजिस्टर है',
    'User not found': 'उपयोगकर्ता नहीं मिला',
    'The community must keep at least one active admin':
      'सोसाइटी में कम से कम एक सक्रिय व्यवस्थापक होना ज़रूरी है',
    'You cannot change your own role or active state': 'आप अपनी भूमिका या सक्रिय स्थिति नहीं बदल सकते',
    'You can only change your own name and phone': 'आप केवल अपना नाम और फ़ोन बदल सकते हैं',
    'Payment not found': 'भुगतान नहीं मिला',
    'Vehicle not found': 'वाहन नहीं मिला',
    'Owner not found': 'मालिक नहीं मिला',
    'Resident not found': 'निवासी नहीं मिला',
    'Photo not found': 'फ़ोटो नहीं मिली',
    'You can only add vehicles to your own house': 'आप केवल अपने घर में वाहन जोड़ सकते हैं',
    'Only the owner of this vehicle or an admin can change it':
      'इस वाहन को केवल इसका मालिक या व्यवस्थापक बदल सकता है',
    'Only an admin can create guard or admin accounts':
      'गार्ड या व्यवस्थापक खाते केवल व्यवस्थापक बना सकता है',
    'Invalid email or password': 'ईमेल या पासवर्ड गलत है',
    'Account is inactive': 'खाता निष्क्रिय है',
    'House cannot be deleted while it has residents, vehicles, visitors or payments':
      'जब तक घर में निवासी, वाहन, विज़िटर या भुगतान हैं, उसे हटाया नहीं जा सकता',
    'Live updates are not available': 'लाइव अपडेट उपलब्ध नहीं हैं',
    'Authentication required': 'साइन इन करना ज़रूरी है',
    // `Only ${roles} can do this` for each role list of the access matrix (packages/api/src/access.ts).
    'Only admins can do this': 'यह केवल व्यवस्थापक कर सकते हैं',
    'Only guards and admins can do this': 'यह केवल गार्ड और व्यवस्थापक कर सकते हैं',
    'Only residents and admins can do this': 'यह केवल निवासी और व्यवस्थापक कर सकते हैं',
    'Only residents, guards and admins can do this': 'यह केवल निवासी, गार्ड और व्यवस्थापक कर सकते हैं',
    // Business rules on a field (validationError).
    'Visit date cannot be in the past': 'मुलाक़ात की तारीख बीत चुकी तारीख नहीं हो सकती',
    'Visit date can be at most one year ahead':
      'मुलाक़ात की तारीख ज़्यादा से ज़्यादा एक साल आगे की हो सकती है',
    'End time has already passed': 'खत्म होने का समय बीत चुका है',
    'A reason is required when the gate approves a walk-in':
      'गेट से बिना निमंत्रण वाले विज़िटर को मंज़ूरी देने पर कारण बताना ज़रूरी है',
    'Current password is incorrect': 'मौजूदा पासवर्ड गलत है',
    'Photo must be a JPEG of at most 200 KB': 'फ़ोटो ज़्यादा से ज़्यादा 200 KB की JPEG होनी चाहिए',
    // The HTTP layer's own answers.
    'Internal server error': 'सर्वर में आंतरिक गड़बड़ी',
    'Service temporarily unavailable': 'सेवा अभी कुछ समय के लिए उपलब्ध नहीं है',
    'Unsupported content type: send JSON (application/json)':
      'यह सामग्री प्रकार समर्थित नहीं है: JSON (application/json) भेजें',
    'Not found': 'नहीं मिला',
    'Bad request': 'गलत अनुरोध',
    'Malformed JSON in request body': 'अनुरोध का JSON सही रूप में नहीं है',
    'Method not allowed': 'यह मेथड अनुमत नहीं है',
    'Request body too large': 'अनुरोध बहुत बड़ा है',
    'Request body is empty: send a JSON object': 'अनुरोध खाली है: एक JSON ऑब्जेक्ट भेजें',
    'Request body must be a JSON object': 'अनुरोध एक JSON ऑब्जेक्ट होना चाहिए',
    'Invalid input': 'अमान्य जानकारी',
    // The web app's own failure texts (lib/errors.ts, lib/failures.ts, lib/trpc.ts, lib/session.tsx).
    'An error occurred': 'कोई गड़बड़ी हुई',
    'Request timeout': 'अनुरोध का समय खत्म हो गया',
    'Network error': 'नेटवर्क में गड़बड़ी',
    'Cannot reach the server. Check the connection and try again.':
      'सर्वर से संपर्क नहीं हो पा रहा। कनेक्शन जाँचें और फिर से कोशिश करें।',
    'The server did not answer in time. Try again.': 'सर्वर ने समय पर जवाब नहीं दिया। फिर से कोशिश करें।',
    'Login failed': 'साइन इन नहीं हो सका',
    'Signup failed': 'खाता नहीं बन सका',
    // Browsers' words for a request that got no answer (Chrome, Firefox, Safari).
    'Failed to fetch': 'सर्वर से संपर्क नहीं हो पा रहा। कनेक्शन जाँचें और फिर से कोशिश करें।',
    'NetworkError when attempting to fetch resource.':
      'सर्वर से संपर्क नहीं हो पा रहा। कनेक्शन जाँचें और फिर से कोशिश करें।',
    'Load failed': 'सर्वर से संपर्क नहीं हो पा रहा। कनेक्शन जाँचें और फिर से कोशिश करें।',

    // The offline gate (offline-gate.md §2, §3).
    'occurredAt must be an ISO 8601 instant': 'दर्ज होने का समय ISO 8601 रूप में होना चाहिए',
    'occurredAt is out of range': 'दर्ज होने का समय मान्य सीमा से बाहर है',
    'Check-out cannot be before check-in': 'चेक आउट, चेक इन से पहले नहीं हो सकता',
    'Idempotency-Key must be 1 to 100 printable characters': 'Idempotency-Key में 1 से 100 छपने योग्य अक्षर होने चाहिए',
    'Idempotency-Key reused with a different request': 'यह Idempotency-Key किसी दूसरे अनुरोध के साथ इस्तेमाल हो चुकी है',
    'A request with this Idempotency-Key is in progress': 'इस Idempotency-Key वाला अनुरोध अभी चल रहा है',
    'since must be a cursor from the gate pack': 'since गेट पैक का कर्सर होना चाहिए',
    'Review not found': 'समीक्षा नहीं मिली',
    // API tokens (integrations §4).
    'API tokens cannot do this': 'API टोकन यह नहीं कर सकते',
    'API token not found': 'API टोकन नहीं मिला',
    'Expiry must be in the future': 'समाप्ति भविष्य में होनी चाहिए',
    'Expiry must be at most 2 years ahead': 'समाप्ति अधिक से अधिक 2 साल आगे हो सकती है',
    'Expiry must be an ISO 8601 instant': 'समाप्ति ISO 8601 रूप में होनी चाहिए',
  },

  validation: {
    // operations §1: recurring passes.
    'A pass can last at most 12 months': 'पास ज़्यादा से ज़्यादा 12 महीने का हो सकता है',
    'Choose at least one day': 'कम से कम एक दिन चुनें',
    'End date is required': 'खत्म होने की तारीख ज़रूरी है',
    'End date must be a date (YYYY-MM-DD)': 'खत्म होने की तारीख एक तारीख (YYYY-MM-DD) होनी चाहिए',
    'End date must be on or after start date': 'खत्म होने की तारीख शुरू होने की तारीख के बराबर या बाद की होनी चाहिए',
    'Invalid weekday': 'अमान्य दिन',
    'Month must be YYYY-MM': 'महीना YYYY-MM रूप में होना चाहिए',
    'Pass cannot be checked in: already inside': 'पास से प्रवेश दर्ज नहीं हो सकता: व्यक्ति पहले से अंदर है',
    'Pass cannot be checked out: not inside': 'पास से निकास दर्ज नहीं हो सकता: व्यक्ति अंदर नहीं है',
    'Pass not found': 'पास नहीं मिला',
    'Start date cannot be in the past': 'शुरू होने की तारीख बीत चुकी तारीख नहीं हो सकती',
    'Start date is required': 'शुरू होने की तारीख ज़रूरी है',
    'Start date must be a date (YYYY-MM-DD)': 'शुरू होने की तारीख एक तारीख (YYYY-MM-DD) होनी चाहिए',
    'You can only create passes for your own house': 'आप केवल अपने घर के लिए पास बना सकते हैं',
    // Blocklist (operations §3).
    'This visitor is on the community blocklist': 'यह विज़िटर सोसाइटी की ब्लॉक सूची में है',
    'Only an admin can override the blocklist': 'केवल एडमिन ब्लॉक सूची को अनदेखा कर सकता है',
    'Notes are required to override the blocklist': 'ब्लॉक सूची को अनदेखा करने के लिए नोट्स ज़रूरी हैं',
    'Blocklist entry not found': 'ब्लॉक सूची की प्रविष्टि नहीं मिली',
    'Give a phone number or a licence plate': 'फ़ोन नंबर या गाड़ी नंबर दें',
    'Reason is required': 'कारण ज़रूरी है',
    'Reason must be at most 500 characters': 'कारण अधिकतम 500 अक्षरों का हो सकता है',
    'Phone number must be text': 'फ़ोन नंबर टेक्स्ट होना चाहिए',
    'Phone number must be at most 32 characters': 'फ़ोन नंबर अधिकतम 32 अक्षरों का हो सकता है',
    'Phone number contains characters that cannot be stored': 'फ़ोन नंबर में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Licence plate must be text': 'गाड़ी नंबर टेक्स्ट होना चाहिए',
    'Licence plate must be at most 16 characters': 'गाड़ी नंबर अधिकतम 16 अक्षरों का हो सकता है',
    'Licence plate contains characters that cannot be stored': 'गाड़ी नंबर में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'override must be true or false': 'override true या false होना चाहिए',
    // CSV exports (operations §4).
    'From must be a date (YYYY-MM-DD)': 'आरंभ तिथि YYYY-MM-DD रूप में होनी चाहिए',
    'To must be a date (YYYY-MM-DD)': 'अंतिम तिथि YYYY-MM-DD रूप में होनी चाहिए',
    'The start date must not be after the end date': 'आरंभ तिथि अंतिम तिथि के बाद नहीं हो सकती',
    // Reports (operations §4).
    'A report covers at most 366 days': 'एक रिपोर्ट अधिकतम 366 दिनों की होती है',
    'An export covers at most 366 days': 'एक निर्यात अधिकतम 366 दिनों का होता है',
    'Invalid house': 'अमान्य घर',
    'Invalid gate': 'अमान्य गेट',
    // Gates (operations §2).
    'A gate with this name already exists': 'इस नाम का गेट पहले से मौजूद है',
    'A community can have at most 200 gates': 'एक समुदाय में अधिकतम 200 गेट हो सकते हैं',
    'Gate name is required': 'गेट का नाम आवश्यक है',
    'Gate name must be at most 60 characters': 'गेट का नाम अधिकतम 60 अक्षरों का हो सकता है',
    'Gate name contains characters that cannot be stored': 'गेट के नाम में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Gate not found': 'गेट नहीं मिला',
    'Unknown gate': 'अज्ञात गेट',
    // Webhooks (integrations §3).
    'Webhook not found': 'वेबहुक नहीं मिला',
    'Delivery not found': 'डिलीवरी नहीं मिली',
    'Webhook URL is required': 'वेबहुक URL आवश्यक है',
    'Webhook URL must be a valid URL': 'वेबहुक URL एक मान्य URL होना चाहिए',
    'Webhook URL must use http or https': 'वेबहुक URL में http या https होना चाहिए',
    'Webhook URL must be a public address': 'वेबहुक URL एक सार्वजनिक पता होना चाहिए',
    'Webhook URL host could not be resolved': 'वेबहुक URL का होस्ट नहीं मिल सका',
    'Webhook URL must be at most 2000 characters': 'वेबहुक URL अधिकतम 2000 अक्षरों का हो सकता है',
    'Webhook URL contains characters that cannot be stored': 'वेबहुक URL में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Choose at least one event': 'कम से कम एक इवेंट चुनें',
    'Unknown event type': 'अज्ञात इवेंट प्रकार',
    // Dues ledger (operations §5).
    'Description is required': 'विवरण ज़रूरी है',
    'Due date is required': 'देय तिथि ज़रूरी है',
    'Select at least one house': 'कम से कम एक घर चुनें',
    'At most 1000 houses at once': 'एक बार में ज़्यादा से ज़्यादा 1000 घर',
    'houseIds must be a list of house ids': 'houseIds घरों की id की सूची होनी चाहिए',
    'Method must be cash, cheque, bank-transfer, card or other':
      'भुगतान का तरीका cash, cheque, bank-transfer, card या other होना चाहिए',
    'Reference must be at most 100 characters': 'संदर्भ में ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं',
    'Reference must be text': 'संदर्भ के लिए टेक्स्ट डालें',
    'Reference contains characters that cannot be stored': 'संदर्भ में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Paid at must be a date and time with a time zone (ISO 8601)':
      'भुगतान का समय, समय-क्षेत्र सहित तारीख़ और समय (ISO 8601) होना चाहिए',
    'overdue must be true or false': 'overdue true या false होना चाहिए',
    'mine must be true or false': 'mine true या false होना चाहिए',
    // Required fields.
    'Name is required': 'नाम ज़रूरी है',
    'Visitor name is required': 'विज़िटर का नाम ज़रूरी है',
    'Email is required': 'ईमेल ज़रूरी है',
    'Password is required': 'पासवर्ड ज़रूरी है',
    'Current password is required': 'मौजूदा पासवर्ड ज़रूरी है',
    'Phone number is required': 'फ़ोन नंबर ज़रूरी है',
    'House number is required': 'मकान नंबर ज़रूरी है',
    'Block is required': 'ब्लॉक ज़रूरी है',
    'Street is required': 'सड़क ज़रूरी है',
    'Owner is required': 'मालिक चुनना ज़रूरी है',
    'User is required': 'उपयोगकर्ता चुनना ज़रूरी है',
    'License plate is required': 'नंबर प्लेट ज़रूरी है',
    'Make is required': 'ब्रांड ज़रूरी है',
    'Model is required': 'मॉडल ज़रूरी है',
    'Color is required': 'रंग ज़रूरी है',
    'Visit date is required': 'मुलाक़ात की तारीख ज़रूरी है',
    'Start time is required': 'शुरू होने का समय ज़रूरी है',
    'End time is required': 'खत्म होने का समय ज़रूरी है',
    'Visitor id is required': 'विज़िटर की ID ज़रूरी है',
    'Amount is required': 'राशि ज़रूरी है',
    'Please select a house': 'कृपया एक घर चुनें',
    'Please enter a token': 'कृपया टोकन डालें',

    // Formats and rules.
    'Invalid email format': 'ईमेल का फ़ॉर्मैट सही नहीं है',
    'Invalid phone number format': 'फ़ोन नंबर का फ़ॉर्मैट सही नहीं है',
    'Password must be at least 6 characters': 'पासवर्ड में कम से कम 6 अक्षर होने चाहिए',
    'Name must be at least 2 characters': 'नाम में कम से कम 2 अक्षर होने चाहिए',
    'Passwords do not match': 'पासवर्ड मेल नहीं खाते',
    'Current password is incorrect': 'मौजूदा पासवर्ड गलत है',
    'Visit date must be a date (YYYY-MM-DD)': 'मुलाक़ात की तारीख YYYY-MM-DD रूप में होनी चाहिए',
    'Due date must be a date (YYYY-MM-DD)': 'देय तिथि YYYY-MM-DD रूप में होनी चाहिए',
    'Start time must be a time (HH:MM)': 'शुरू होने का समय HH:MM रूप में होना चाहिए',
    'End time must be a time (HH:MM)': 'खत्म होने का समय HH:MM रूप में होना चाहिए',
    'End time must be after start time': 'खत्म होने का समय शुरू होने के समय के बाद होना चाहिए',
    'Amount must be a number': 'राशि एक संख्या होनी चाहिए',
    'Amount must be greater than 0': 'राशि 0 से ज़्यादा होनी चाहिए',
    'Amount must be at most 1,000,000': 'राशि ज़्यादा से ज़्यादा 10,00,000 हो सकती है',
    'Amount must have at most 2 decimals': 'राशि में दशमलव के बाद ज़्यादा से ज़्यादा 2 अंक हो सकते हैं',
    'Type must be maintenance, amenity, fine or other':
      'प्रकार रखरखाव, सुविधा, जुर्माना या अन्य में से एक होना चाहिए',
    'Photo must be a JPEG of at most 200 KB': 'फ़ोटो ज़्यादा से ज़्यादा 200 KB की JPEG होनी चाहिए',
    'Invalid role': 'अमान्य भूमिका',
    'Invalid status': 'अमान्य स्थिति',
    'Invalid payment status': 'भुगतान की स्थिति अमान्य है',
    'Invalid action': 'अमान्य कार्रवाई',
    'Invalid actor': 'अमान्य उपयोगकर्ता',
    'Invalid target type': 'अमान्य लक्ष्य प्रकार',
    'Invalid target': 'अमान्य लक्ष्य',
    'Invalid push endpoint': 'पुश सूचना का पता अमान्य है',
    'House must be an id': 'घर एक ID होना चाहिए',

    // Business rules on a field, checked by the server (validationError).
    'Visit date cannot be in the past': 'मुलाक़ात की तारीख बीत चुकी तारीख नहीं हो सकती',
    'Visit date can be at most one year ahead':
      'मुलाक़ात की तारीख ज़्यादा से ज़्यादा एक साल आगे की हो सकती है',
    'End time has already passed': 'खत्म होने का समय बीत चुका है',
    'A reason is required when the gate approves a walk-in':
      'गेट से बिना निमंत्रण वाले विज़िटर को मंज़ूरी देने पर कारण बताना ज़रूरी है',

    // Ids that are not found.
    'Not found': 'नहीं मिला',
    'House not found': 'घर नहीं मिला',
    'User not found': 'उपयोगकर्ता नहीं मिला',
    'Resident not found': 'निवासी नहीं मिला',
    'Vehicle not found': 'वाहन नहीं मिला',
    'Visitor not found': 'विज़िटर नहीं मिला',
    'Payment not found': 'भुगतान नहीं मिला',
    'Notification not found': 'सूचना नहीं मिली',

    // Too long: `<Field> must be at most N characters`.
    'Name must be at most 100 characters': 'नाम में ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं',
    'Email must be at most 254 characters': 'ईमेल में ज़्यादा से ज़्यादा 254 अक्षर हो सकते हैं',
    'Password must be at most 128 characters': 'पासवर्ड में ज़्यादा से ज़्यादा 128 अक्षर हो सकते हैं',
    'House number must be at most 20 characters': 'मकान नंबर में ज़्यादा से ज़्यादा 20 अक्षर हो सकते हैं',
    'Block must be at most 20 characters': 'ब्लॉक में ज़्यादा से ज़्यादा 20 अक्षर हो सकते हैं',
    'Street must be at most 200 characters': 'सड़क में ज़्यादा से ज़्यादा 200 अक्षर हो सकते हैं',
    'License plate must be at most 16 characters': 'नंबर प्लेट में ज़्यादा से ज़्यादा 16 अक्षर हो सकते हैं',
    'Vehicle license plate must be at most 16 characters':
      'वाहन की नंबर प्लेट में ज़्यादा से ज़्यादा 16 अक्षर हो सकते हैं',
    'Make must be at most 50 characters': 'ब्रांड में ज़्यादा से ज़्यादा 50 अक्षर हो सकते हैं',
    'Model must be at most 50 characters': 'मॉडल में ज़्यादा से ज़्यादा 50 अक्षर हो सकते हैं',
    'Color must be at most 50 characters': 'रंग में ज़्यादा से ज़्यादा 50 अक्षर हो सकते हैं',
    'Purpose must be at most 500 characters': 'उद्देश्य में ज़्यादा से ज़्यादा 500 अक्षर हो सकते हैं',
    'Description must be at most 500 characters': 'विवरण में ज़्यादा से ज़्यादा 500 अक्षर हो सकते हैं',
    'Notes must be at most 1000 characters': 'नोट्स में ज़्यादा से ज़्यादा 1000 अक्षर हो सकते हैं',
    'Reason must be at most 200 characters': 'कारण में ज़्यादा से ज़्यादा 200 अक्षर हो सकते हैं',
    'Search text must be at most 100 characters': 'खोज शब्दों में ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं',

    // Characters that cannot be stored: `<Field> contains characters that cannot be stored`.
    'Name contains characters that cannot be stored': 'नाम में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Password contains characters that cannot be stored':
      'पासवर्ड में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'House number contains characters that cannot be stored':
      'मकान नंबर में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Block contains characters that cannot be stored': 'ब्लॉक में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Street contains characters that cannot be stored': 'सड़क में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'License plate contains characters that cannot be stored':
      'नंबर प्लेट में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Vehicle license plate contains characters that cannot be stored':
      'वाहन की नंबर प्लेट में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Make contains characters that cannot be stored': 'ब्रांड में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Model contains characters that cannot be stored': 'मॉडल में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Color contains characters that cannot be stored': 'रंग में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Purpose contains characters that cannot be stored': 'उद्देश्य में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Description contains characters that cannot be stored':
      'विवरण में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Notes contains characters that cannot be stored': 'नोट्स में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Reason contains characters that cannot be stored': 'कारण में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Search text contains characters that cannot be stored':
      'खोज शब्दों में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',

    // Not text: `<Field> must be text`.
    'Purpose must be text': 'उद्देश्य के लिए टेक्स्ट डालें',
    'Vehicle license plate must be text': 'वाहन की नंबर प्लेट के लिए टेक्स्ट डालें',
    'Description must be text': 'विवरण के लिए टेक्स्ट डालें',
    'Notes must be text': 'नोट्स के लिए टेक्स्ट डालें',
    'Reason must be text': 'कारण के लिए टेक्स्ट डालें',

    // Parameters of the API (their names stay as they are).
    'q must be text': 'q टेक्स्ट होना चाहिए',
    'limit must be a number': 'limit एक संख्या होनी चाहिए',
    'limit must be a whole number': 'limit एक पूर्ण संख्या होनी चाहिए',
    'offset must be a number': 'offset एक संख्या होनी चाहिए',
    'offset must be a whole number': 'offset एक पूर्ण संख्या होनी चाहिए',
    'offset must not be negative': 'offset ऋणात्मक नहीं हो सकता',
    'offset is too large': 'offset बहुत बड़ा है',
    'isActive must be true or false': 'isActive true या false होना चाहिए',
    'walkIns must be true or false': 'walkIns true या false होना चाहिए',
    'checkIns must be true or false': 'checkIns true या false होना चाहिए',
    'checkOuts must be true or false': 'checkOuts true या false होना चाहिए',

    // The offline gate (offline-gate.md §3).
    'Idempotency-Key must be 1 to 100 printable characters': 'Idempotency-Key में 1 से 100 छपने योग्य अक्षर होने चाहिए',
    'Review not found': 'समीक्षा नहीं मिली',
    'since must be a cursor from the gate pack': 'since गेट पैक का कर्सर होना चाहिए',
    'Action must be check-in or check-out': 'कार्य चेक इन या चेक आउट होना चाहिए',
    'Message is required': 'संदेश ज़रूरी है',
    'Code must be an error code': 'कोड एक त्रुटि कोड होना चाहिए',
    'Details must be the fields at fault or a refusal’s values': 'विवरण गलत फ़ील्ड या किसी अस्वीकृति के मान होने चाहिए',
    'Message must be at most 500 characters': 'संदेश में ज़्यादा से ज़्यादा 500 अक्षर हो सकते हैं',
    'Message contains characters that cannot be stored': 'संदेश में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'Note is required': 'नोट ज़रूरी है',
    'Note must be at most 500 characters': 'नोट में ज़्यादा से ज़्यादा 500 अक्षर हो सकते हैं',
    'Note contains characters that cannot be stored': 'नोट में ऐसे अक्षर हैं जिन्हें सहेजा नहीं जा सकता',
    'occurredAt must be an ISO 8601 instant': 'दर्ज होने का समय ISO 8601 रूप में होना चाहिए',
    'occurredAt is out of range': 'दर्ज होने का समय मान्य सीमा से बाहर है',
    // API tokens (integrations §4).
    'Role must be guard or admin': 'भूमिका गार्ड या एडमिन होनी चाहिए',
    'Expiry must be an ISO 8601 instant': 'समाप्ति ISO 8601 रूप में होनी चाहिए',
    'Expiry must be in the future': 'समाप्ति भविष्य में होनी चाहिए',
    'Expiry must be at most 2 years ahead': 'समाप्ति अधिक से अधिक 2 साल आगे हो सकती है',
    'API token id is required': 'API टोकन की id ज़रूरी है',
    'Invalid API token': 'अमान्य API टोकन',
  },
} satisfies Catalog;
