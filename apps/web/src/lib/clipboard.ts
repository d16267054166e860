import { i18n } from './i18n';

const messages = i18n('clipboard', { failed: 'Could not copy to the clipboard' });

/**
 * Copies text. The Clipboard API exists only in secure contexts, and a gate tablet may
 * reach the server over plain HTTP on the LAN, so a hidden-textarea copy is the fallback.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or unavailable: try the fallback below.
    }
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  textarea.select();
  try {
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    if (!copied) throw new Error(messages.get().failed);
  } finally {
    textarea.remove();
  }
}
