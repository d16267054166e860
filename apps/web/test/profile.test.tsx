import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { chooseLanguage } from '../src/lib/i18n';
import type * as I18n from '../src/lib/i18n';
import { answerConfirmation, resident } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

// The language picker's loading, wrapped so that a test can make it fail (offline).
vi.mock('../src/lib/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof I18n>();
  return { ...actual, chooseLanguage: vi.fn(actual.chooseLanguage) };
});

describe('/profile: sign out of all other sessions', () => {
  it('asks first, then says how many sessions were ended', async () => {
    let revoked = 2;
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'auth.revokeOtherSessions': () => ({ revoked }),
    });
    const { user } = renderApp('/profile', { user: resident });

    const button = await screen.findByRole('button', { name: 'Sign out of all other sessions' });
    await user.click(button);
    expect(await answerConfirmation(user, false)).toBe(
      'Sign out of all other sessions? You stay signed in on this device.',
    );
    expect(callsTo(calls, 'auth.revokeOtherSessions')).toHaveLength(0);

    await user.click(button);
    await answerConfirmation(user, true);
    expect(await screen.findByText('2 other sessions were ended.')).toBeInTheDocument();
    expect(
      screen.getByText('2 other sessions were ended.').closest('[role="status"]'),
    ).not.toBeNull();
    expect(callsTo(calls, 'auth.revokeOtherSessions')).toHaveLength(1);

    revoked = 1;
    await user.click(button);
    await answerConfirmation(user, true);
    expect(await screen.findByText('1 other session was ended.')).toBeInTheDocument();
    revoked = 0;
    await user.click(button);
    await answerConfirmation(user, true);
    expect(
      await screen.findByText('There were no other sessions; none were ended.'),
    ).toBeInTheDocument();
    // Still signed in here.
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
  });

  it('shows a failure in the error box', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'auth.revokeOtherSessions': () => {
        throw trpcError(500, 'Internal server error');
      },
    });
    const { user } = renderApp('/profile', { user: resident });

    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    await answerConfirmation(user, true);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Internal server error'),
    );
  });

  it('shows Inactive for an inactive account', async () => {
    const inactive = { ...resident, isActive: false };
    mockTrpc({ 'auth.me': () => ({ user: inactive }) });
    renderApp('/profile', { user: inactive });

    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });
});

describe('/profile: the language picker (docs/product.md#languages)', () => {
  /** A catalog's first load (its module compiled on first use in a test run) may take a while. */
  const LOADING = { timeout: 5000 };

  /** The Language card (a section), found by its fieldset. */
  const languageCard = (legend: string) =>
    screen.getByRole('group', { name: legend }).closest('section') as HTMLElement;

  it('names each language in itself and marks the current one', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }) });
    renderApp('/profile', { user: resident });

    const card = await waitFor(() => languageCard('Language of the app'));
    expect(within(card).getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(within(card).getByText('Kept on this device.')).toBeInTheDocument();
    const radios = within(card).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['English', 'Español', 'हिन्दी']);
    expect(within(card).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(within(card).getByText('English')).toHaveAttribute('lang', 'en');
    expect(within(card).getByText('Español')).toHaveAttribute('lang', 'es');
    expect(within(card).getByText('हिन्दी')).toHaveAttribute('lang', 'hi');
  });

  it('switches to Spanish, then Hindi, then back to English, and keeps the choice on this device', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }) });
    const { user } = renderApp('/profile', { user: resident });
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });

    await user.click(screen.getByRole('radio', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' }, LOADING)).toBeInTheDocument();
    let card = languageCard('Idioma de la app');
    expect(within(card).getByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
    expect(within(card).getByText('Se guarda en este dispositivo.')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(within(card).getByRole('radio', { name: 'Español' })).toHaveFocus();
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    await waitFor(() => expect(document.title).toBe('Mi perfil · Gatehouse'));

    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' }, LOADING)).toBeInTheDocument();
    card = languageCard('ऐप की भाषा');
    expect(within(card).getByRole('heading', { name: 'भाषा' })).toBeInTheDocument();
    expect(within(card).getByText('इसी डिवाइस पर रखा जाता है।')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
    expect(localStorage.getItem('language')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');

    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    card = languageCard('Language of the app');
    expect(within(card).getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(within(card).getByText('Kept on this device.')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sign out of all other sessions' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('says so in the card when the language cannot be loaded, and keeps the current one', async () => {
    vi.mocked(chooseLanguage).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    mockTrpc({ 'auth.me': () => ({ user: resident }) });
    const { user } = renderApp('/profile', { user: resident });
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });

    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    const card = languageCard('Language of the app');
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'That language could not be loaded. Check your connection and try again.',
    );
    expect(within(card).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(within(card).getByRole('radio', { name: 'हिन्दी' })).not.toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBeNull();
    expect(document.documentElement.lang).toBe('en');
  });
});
