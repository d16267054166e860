/**
 * Scanner input is never lost on a gate screen. A USB or Bluetooth scanner is a keyboard: it
 * types the token (or the guard types a code), then Enter, wherever the focus happens to be.
 * While the scan field is on screen, this hook owns the keyboard and the focus of the page:
 *
 * - while no other text field, select or dialog is active, keys typed anywhere (the page
 *   body, a button, a card) go to the scan field; a scan ending in Enter that arrives while
 *   a button has focus runs the scan, never the button (the first key already moved the
 *   focus to the field);
 * - CR, LF (Enter, or Ctrl+J / Ctrl+M as some scanners send them) and CR+LF each end one
 *   scan, never two: a second terminator within `TERMINATOR_GAP_MS` of the first, with no
 *   key typed between them, is swallowed; an Enter in an empty field does nothing (the last
 *   result stays);
 * - focus returns to the field after a dialog closes, after a tap on empty space, and at
 *   most `IDLE_RETURN_MS` after any other interaction ends (the screens also call `ready`
 *   after every result).
 *
 * The field is uncontrolled (its text lives in the DOM): keys arrive faster than React
 * renders, and none may be lost between two renders.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Two terminators closer than this are one scan's CR+LF (ms). */
export const TERMINATOR_GAP_MS = 100;
/** Focus goes back to the scan field at most this long after another interaction ends (ms). */
export const IDLE_RETURN_MS = 2_000;

const INTERACTIVE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
const DIALOG = '[role="dialog"], [role="alertdialog"], dialog[open]';
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week', '']);

/** Whether `element` takes typed text or a choice of its own (another field, a select, an editable area). */
function takesKeys(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

/** Whether a dialog (the app's modal, a confirmation) is open over the screen. */
function dialogOpen(): boolean {
  return document.querySelector(DIALOG) !== null;
}

/** Whether `event` ends a scan: Enter (CR or LF), or the Ctrl+J / Ctrl+M a scanner may send for LF / CR. */
function isTerminator(event: KeyboardEvent): boolean {
  if (event.key === 'Enter') return !event.altKey && !event.metaKey;
  return event.ctrlKey && !event.altKey && !event.metaKey && (event.key === 'j' || event.key === 'J' || event.key === 'm' || event.key === 'M');
}

/** Whether `event` types one character (no shortcut). */
function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export interface ScannerCaptureOptions {
  /** The scan field. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Runs the scan of the field's text (called with the text as typed, never empty). */
  onScan: (value: string) => void;
  /** False while the screen must not take the focus (e.g. a step that needs another field). */
  enabled?: boolean;
}

/**
 * Installs the capture on the document while mounted (see the file's comment). Returns
 * `ready(select?)`: focus on the field now, its text selected when asked (a code to
 * correct), else at its end.
 */
export function useScannerCapture({ inputRef, onScan, enabled = true }: ScannerCaptureOptions): (select?: boolean) => void {
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  const ready = useCallback(
    (select = false) => {
      const field = inputRef.current;
      if (!field || !field.isConnected) return;
      if (document.activeElement !== field) field.focus({ preventScroll: true });
      if (select) field.select();
    },
    [inputRef],
  );

  // The field has the focus on arrival: a scanner's first pass lands in it.
  useEffect(() => {
    if (enabled) ready();
  }, [enabled, ready]);

  useEffect(() => {
    if (!enabled) return;
    let lastTerminatorAt = -Infinity;
    // Keys typed since the last terminator: CR+LF has none between its two halves.
    let typedSinceTerminator = false;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let dialogWasOpen = dialogOpen();

    /** Focus on the field unless the guard is busy elsewhere (another field, a dialog) or the page is hidden. */
    const returnFocus = () => {
      const field = inputRef.current;
      if (!field || document.visibilityState === 'hidden' || dialogOpen()) return;
      const active = document.activeElement;
      if (active && active !== field && takesKeys(active) && !(active instanceof HTMLSelectElement)) return;
      ready();
    };
    const returnLater = (delay = IDLE_RETURN_MS) => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(returnFocus, delay);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const field = inputRef.current;
      if (!field || event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const inField = target === field;
      // Another text field, a select or a dialog has the keys: they are the guard's own.
      if (!inField && (takesKeys(target) || dialogOpen())) return;
      if (isTerminator(event)) {
        const now = performance.now();
        if (!inField && field.value.trim() === '') {
          // A plain Enter on a focused button with nothing scanned: the button's own. Ctrl+J
          // would open the browser's downloads: swallowed.
          if (event.key !== 'Enter') event.preventDefault();
          return;
        }
        event.preventDefault();
        event.stopPropagation();
        // CR+LF: the second half of the same scan (nothing typed between the two, at once).
        if (!typedSinceTerminator && now - lastTerminatorAt < TERMINATOR_GAP_MS) return;
        lastTerminatorAt = now;
        typedSinceTerminator = false;
        const value = field.value;
        // An Enter in an empty field does nothing: the last result stays.
        if (value.trim() === '') return;
        onScanRef.current(value);
        return;
      }
      if (isPrintable(event)) typedSinceTerminator = true;
      // A space on a focused button presses it, unless a code is being typed.
      if (!inField && isPrintable(event) && !(event.key === ' ' && field.value === '')) {
        // A key typed while the focus is elsewhere on the screen: it belongs to the field.
        event.preventDefault();
        const start = document.activeElement === field ? (field.selectionStart ?? field.value.length) : field.value.length;
        const end = document.activeElement === field ? (field.selectionEnd ?? field.value.length) : field.value.length;
        field.focus({ preventScroll: true });
        field.setRangeText(event.key, start, end, 'end');
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    };

    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (dialogOpen()) return;
      // A tap on empty space: straight back to the field.
      if (!target || !target.closest(INTERACTIVE)) {
        // After the browser's own focus change of this tap.
        setTimeout(returnFocus, 0);
        return;
      }
      returnLater();
    };
    const onInteraction = () => returnLater();
    const onChange = (event: Event) => {
      // A choice made in a select is over: back to the field soon after.
      if (event.target instanceof HTMLSelectElement) {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          if (document.activeElement === event.target) (event.target as HTMLSelectElement).blur();
          returnFocus();
        }, IDLE_RETURN_MS);
      }
    };
    // A dialog closing hands the focus back to whatever opened it: the field takes it instead.
    const observer = new MutationObserver(() => {
      const open = dialogOpen();
      if (dialogWasOpen && !open) returnLater(50);
      dialogWasOpen = open;
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });

    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keyup', onInteraction, true);
    document.addEventListener('focusin', onInteraction, true);
    document.addEventListener('change', onChange, true);
    return () => {
      clearTimeout(idleTimer);
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keyup', onInteraction, true);
      document.removeEventListener('focusin', onInteraction, true);
      document.removeEventListener('change', onChange, true);
    };
  }, [enabled, inputRef, ready]);

  return ready;
}
