/**
 * Languages (docs/product.md#for-everyone-at-every-screen): every text of the web app through
 * `@nanostores/i18n`. English, the product's own words (docs/product.md#forms-and-their-messages),
 * is written in the code beside each
 * component (`i18n('LoginPage', {title: 'Sign in'})`) and needs no download; Spanish and
 * Hindi are one catalog each (`src/locales/<code>/`), loaded when chosen, before the app
 * shows anything in that language. The choice is kept on this device (`language` in
 * localStorage); without one the browser's preferred language is used when we have it.
 *
 * How a screen uses it:
 * ```tsx
 * const messages = i18n('VisitorListPage', { title: 'Visitors', shown: params('{count} shown') });
 * function VisitorListPage() { const t = useMessages(messages); return <h1>{t.title}</h1>; }
 * ```
 * Outside React (labels built by plain functions), `messages.get()` reads the current texts.
 */
import { createI18n, type ComponentsJSON } from '@nanostores/i18n';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';

import type { refusalSentence as wordRefusal } from './refusal-words';

export { count, params } from '@nanostores/i18n';

/** The languages the app is written in, each named in itself (for the picker). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'hi', name: 'हिन्दी' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** A language's catalog: texts by component name, then by key (the English base's keys). */
export type Catalog = ComponentsJSON;

const LANGUAGE_KEY = 'language';

const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>> = {
  es: () => import('../locales/es'),
  hi: () => import('../locales/hi'),
};

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The language chosen on this device, if any. */
export function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's first preferred language we have (`es-MX` → `es`), else English. */
export function browserLanguage(languages: readonly string[] = navigator.languages): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** How refusals are worded from their details: loaded with the first catalog (`chooseLanguage`). */
let refusalWording: { refusalSentence: typeof wordRefusal } | undefined;

/** The language the app shows now (a store: components re-render when it changes). */
export const locale = atom<Language>('en');

/** Defines a component's texts: `i18n(componentName, englishBase)`; see the file's comment. */
export const i18n = createI18n(locale, {
  baseLocale: 'en',
  // Catalogs are put in the cache before their language is shown (`chooseLanguage`), so
  // this runs only for a component a catalog lacks: the base (English) texts stay.
  get: async (code) => (code === 'en' ? {} : (await CATALOGS[code]()).default),
});

/**
 * The texts loaded for `language` by component (the library types its cache loosely):
 * for English, every component's base texts defined so far.
 */
export function loadedCatalog(language: Language): Catalog | undefined {
  return i18n.cache[language] as unknown as Catalog | undefined;
}

/** The current texts of `messages`, re-rendering when the language changes. */
export const useMessages = useStore;

/** The current language, re-rendering when it changes. */
export function useLanguage(): Language {
  return useStore(locale);
}

/**
 * Shows the app in `language`: loads its catalog first (so nothing flashes in English),
 * then switches. `remember` keeps the choice on this device (the profile's picker).
 * Rejects when the catalog cannot be loaded (offline on first use); the language stays.
 */
export async function chooseLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (language !== 'en' && !refusalWording) refusalWording = await import('./refusal-words');
  if (language !== 'en' && !i18n.cache[language]) {
    const catalog = (await CATALOGS[language]()).default;
    (i18n.cache as unknown as Record<Language, Catalog>)[language] = { ...catalog };
  }
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Storage unavailable: the choice lasts until the page is reloaded.
    }
  }
  document.documentElement.lang = language;
  locale.set(language);
}

/** At start: the stored choice or the browser's language, its catalog loaded before the first render. */
export function startLanguage(): Promise<void> {
  const language = storedLanguage() ?? browserLanguage();
  return chooseLanguage(language, { remember: false }).catch(() => chooseLanguage('en', { remember: false }));
}

/**
 * A server error's text in the current language: a refusal whose text names values by its
 * `details` (`{reason, …values}`, see `refusalSentence`), the fixed ones by the server's
 * English text, others by their stable `code` (docs/api.md#error-codes), falling back to the
 * server's own words. English always shows the server's words.
 */
export function translateServerError(code: string | undefined, serverText: string, details?: unknown): string {
  const language = locale.get();
  if (language === 'en') return serverText;
  const catalog = loadedCatalog(language);
  const byText = catalog?.serverTexts as Record<string, string> | undefined;
  const byCode = catalog?.errorCodes as Record<string, string> | undefined;
  return refusalSentence(details) ?? byText?.[serverText] ?? (code ? byCode?.[code] : undefined) ?? serverText;
}

/**
 * A server refusal in the current language from its `details` (`{reason, …values}`, the
 * shared `ZRefusalDetails`; see lib/refusal-words.ts). Undefined in English (the server's
 * words are shown), for details that are not a refusal's or a reason the catalog lacks, and
 * before a language other than English was chosen (`chooseLanguage` loads the wording code
 * with the catalog, so that the sign-in page's code stays small).
 */
export function refusalSentence(details: unknown): string | undefined {
  const language = locale.get();
  if (language === 'en' || !refusalWording) return undefined;
  return refusalWording.refusalSentence(details, language, loadedCatalog(language));
}

/**
 * A validation message (the shared zod schemas' English words,
 * docs/product.md#forms-and-their-messages) in the
 * current language, from the catalog's `validation` texts keyed by the English message.
 */
export function translateValidation(message: string): string {
  const language = locale.get();
  if (language === 'en') return message;
  const texts = loadedCatalog(language)?.validation as Record<string, string> | undefined;
  return texts?.[message] ?? message;
}
