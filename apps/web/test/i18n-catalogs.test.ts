/**
 * The Spanish and Hindi catalogs are complete (docs/product.md#languages): every
 * text any screen defines in English has a translation in each, with the same placeholders
 * and plural forms, and no catalog keeps texts for components that no longer exist.
 */
import { describe, expect, it } from 'vitest';

import es from '../src/locales/es';
import hi from '../src/locales/hi';
import { loadedCatalog, type Catalog } from '../src/lib/i18n';

// Every module of the app (not the entry, which renders, nor the catalogs themselves):
// importing them defines every component's English texts.
import.meta.glob(['../src/**/*.{ts,tsx}', '!../src/main.tsx', '!../src/locales/**'], { eager: true });

/** Catalog sections that are not components: translations of the server's and the schemas' words. */
const NON_COMPONENT_SECTIONS = new Set(['errorCodes', 'refusals', 'refusalWords', 'serverTexts', 'validation']);

type Text = string | Record<string, string>;

function placeholders(text: Text): string[] {
  const strings = typeof text === 'string' ? [text] : Object.values(text);
  return [...new Set(strings.flatMap((value) => value.match(/\{\w+\}/g) ?? []))].sort();
}

const english = () => loadedCatalog('en') as Record<string, Record<string, Text>>;

describe.each([
  ['Spanish', es],
  ['Hindi', hi],
])('the %s catalog', (_name, catalog: Catalog) => {
  it('has been checked against a real set of English texts', () => {
    // Guards the checks below from passing over an empty set.
    expect(Object.keys(english()).length).toBeGreaterThan(40);
  });

  it('translates every text of every component, with the same placeholders', () => {
    const problems: string[] = [];
    for (const [component, texts] of Object.entries(english())) {
      const translated = catalog[component] as Record<string, Text> | undefined;
      if (!translated) {
        problems.push(`${component}: missing`);
        continue;
      }
      for (const [key, base] of Object.entries(texts)) {
        const text = translated[key];
        if (text === undefined) problems.push(`${component}.${key}: missing`);
        else if (typeof text !== typeof base) problems.push(`${component}.${key}: ${typeof text}, English is ${typeof base}`);
        else if (typeof base === 'object' && !('other' in (text as object)) && !('many' in (text as object)))
          problems.push(`${component}.${key}: no "other" plural form`);
        else if (placeholders(text).join() !== placeholders(base).join())
          problems.push(`${component}.${key}: placeholders ${placeholders(text).join()} ≠ ${placeholders(base).join()}`);
        else if (typeof text === 'string' && text.trim() === '') problems.push(`${component}.${key}: empty`);
      }
      for (const key of Object.keys(translated)) {
        if (!(key in texts)) problems.push(`${component}.${key}: not an English key (stale?)`);
      }
    }
    for (const component of Object.keys(catalog)) {
      if (!(component in english()) && !NON_COMPONENT_SECTIONS.has(component))
        problems.push(`${component}: no such component (stale?)`);
    }
    expect(problems).toEqual([]);
  });

  it('is a translation, not a copy of the English', () => {
    let same = 0;
    let total = 0;
    for (const [component, texts] of Object.entries(english())) {
      for (const [key, base] of Object.entries(texts)) {
        total += 1;
        const text = (catalog[component] as Record<string, Text> | undefined)?.[key];
        if (JSON.stringify(text) === JSON.stringify(base)) same += 1;
      }
    }
    // Names, codes and symbols may read the same; more than one text in ten means untranslated.
    expect(total).toBeGreaterThan(200);
    expect(same / total).toBeLessThan(0.1);
  });
});
