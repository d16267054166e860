/**
 * The profile's Appearance card: light, dark, or as the system is set
 * (docs/product.md#for-everyone-at-every-screen).
 */
import { useId, useState } from 'react';

import { Card } from '../../components/Card';
import { i18n, useMessages } from '../../lib/i18n';
import { chooseTheme, storedTheme, THEME_CHOICES, type ThemeChoice } from '../../lib/theme';

const messages = i18n('AppearanceCard', {
  title: 'Appearance',
  description: 'Kept on this device.',
  legend: 'Theme',
  system: 'As the device is set',
  light: 'Light',
  dark: 'Dark',
} satisfies Record<ThemeChoice | 'title' | 'description' | 'legend', string>);

export function AppearanceCard() {
  const t = useMessages(messages);
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  const name = useId();
  return (
    <Card title={t.title} description={t.description}>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-slate-900">{t.legend}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-3">
          {THEME_CHOICES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                  chooseTheme(value);
                }}
                className="size-4 accent-brand-700"
              />
              {t[value]}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
