/**
 * The profile's Language card (docs/product.md#languages): the app in English,
 * Spanish or Hindi, kept on this device. Each language is named in itself, so anyone can
 * find their own whatever the app shows now.
 */
import { useEffect, useId, useRef, useState } from 'react';

import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { chooseLanguage, i18n, LANGUAGES, useLanguage, useMessages, type Language } from '../../lib/i18n';

const messages = i18n('LanguageCard', {
  title: 'Language',
  description: 'Kept on this device.',
  legend: 'Language of the app',
  loadFailed: 'That language could not be loaded. Check your connection and try again.',
});

/**
 * The language just chosen here: a change of language renders every screen anew (App.tsx),
 * so the card that appears in the new language puts the keyboard focus back on its choice.
 */
let justChosen: Language | null = null;

export function LanguageCard() {
  const t = useMessages(messages);
  const language = useLanguage();
  const [failed, setFailed] = useState(false);
  const name = useId();
  const checkedRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (justChosen !== null && justChosen === language) checkedRef.current?.focus();
    justChosen = null;
  }, [language]);

  const choose = (code: Language) => {
    setFailed(false);
    justChosen = code;
    chooseLanguage(code).catch(() => {
      // Offline on first use: the catalog could not be loaded; the language stays.
      justChosen = null;
      setFailed(true);
    });
  };

  return (
    <Card title={t.title} description={t.description}>
      <div className="flex flex-col gap-4">
        {failed && <ErrorBox message={t.loadFailed} onDismiss={() => setFailed(false)} headingLevel={3} />}
        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-slate-900">{t.legend}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-3">
            {LANGUAGES.map(({ code, name: ownName }) => (
              <label
                key={code}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900"
              >
                <input
                  ref={language === code ? checkedRef : undefined}
                  type="radio"
                  name={name}
                  value={code}
                  checked={language === code}
                  onChange={() => choose(code)}
                  className="size-4 accent-brand-700"
                />
                <span lang={code}>{ownName}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </Card>
  );
}
