/**
 * Light or dark (usable-by-everyone issue): the system's setting by default, or the user's
 * choice from the profile, kept on this device (`theme` in localStorage) and applied as the
 * class `dark` (or `light`) on <html>, following the system's setting as it changes while
 * the choice is `system`. The palettes of both are in index.css and theme-dark.css.
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

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
let followingSystem = false;

/** Applies `choice` to the page (`system`: the device's setting, now and as it changes). */
export function applyTheme(choice: ThemeChoice = storedTheme()): void {
  const dark = choice === 'dark' || (choice === 'system' && systemDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  if (!followingSystem && typeof matchMedia === 'function') {
    followingSystem = true;
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme());
  }
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
