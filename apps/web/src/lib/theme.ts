/**
 * Light or dark (docs/product.md#for-everyone-at-every-screen): the system's setting by default, or
 * the user's
 * choice from the profile, kept on this device (`theme` in localStorage) and applied as the
 * class `dark` or `light` on <html> (none: the stylesheet follows the device's setting, as
 * it changes). The palettes of both are in index.css and theme-dark.css.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const THEME_KEY = 'theme';

/** The choice kept on this device; `system` when none (or storage is unavailable). */
export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Applies `choice` to the page (`system`: neither class; the stylesheet follows the device). */
export function applyTheme(choice: ThemeChoice = storedTheme()): void {
  const root = document.documentElement;
  root.classList.toggle('dark', choice === 'dark');
  root.classList.toggle('light', choice === 'light');
}

/** Keeps `choice` on this device and applies it. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage unavailable: the choice lasts until the page is reloaded.
  }
  applyTheme(choice);
}
