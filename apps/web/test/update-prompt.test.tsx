/**
 * The installable app's new-version offer (docs/gate.md#installing-the-app): "A new version is
 * available —
 * Reload", never forced; Reload activates the waiting service worker and reloads the page
 * once it controls it.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UpdatePrompt } from '../src/features/shell/UpdatePrompt';
import { offerUpdate, waitingUpdate } from '../src/lib/app-update';
import { chooseLanguage } from '../src/lib/i18n';

/** A stand-in for workbox-window's Workbox: records listeners, registration and messages. */
const workbox = vi.hoisted(() => {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  return {
    listeners,
    created: [] as { url: string; options: unknown }[],
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => ({ update: vi.fn(async () => {}) })),
    emit: (type: string) => listeners.get(type)?.forEach((listener) => listener({ type })),
  };
});

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string, options: unknown) {
      workbox.created.push({ url, options });
    }
    addEventListener(type: string, listener: (event: unknown) => void) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    messageSkipWaiting = workbox.messageSkipWaiting;
    register = workbox.register;
  },
}));

afterEach(() => offerUpdate(null));

describe('UpdatePrompt', () => {
  it('shows nothing while no new version is waiting', () => {
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('offers a waiting version in a status message, and applies it only on Reload', async () => {
    const apply = vi.fn(() => new Promise<void>(() => {}));
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('A new version is available — Reload');
    expect(apply).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });

  it('lets the user try again when the new version could not be activated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const apply = vi.fn(async () => {
      throw new Error('gone');
    });
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled());
  });

  it.each([
    ['es', 'Hay una nueva versión disponible', 'Recargar'],
    ['hi', 'नया वर्ज़न उपलब्ध है', 'रीलोड करें'],
  ] as const)('speaks %s', async (language, text, button) => {
    await chooseLanguage(language, { remember: false });
    render(<UpdatePrompt />);
    act(() => offerUpdate(async () => {}));
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });
});

describe('startServiceWorker', () => {
  it('registers /sw.js at once, offers a waiting worker, and on Reload activates it and reloads when it takes over', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    try {
      const { startServiceWorker } = await import('../src/lib/service-worker');
      startServiceWorker();
      startServiceWorker();
      expect(workbox.created).toEqual([{ url: '/sw.js', options: { scope: '/' } }]);
      expect(workbox.register).toHaveBeenCalledWith({ immediate: true });
      expect(waitingUpdate()).toBeNull();

      workbox.emit('waiting');
      const apply = waitingUpdate();
      expect(apply).toBeTypeOf('function');
      expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

      await apply?.();
      expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
      expect(reload).not.toHaveBeenCalled();
      workbox.emit('controlling');
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
      vi.unstubAllGlobals();
    }
  });
});
