/**
 * The pass a visitor receives, as one picture: a card with the community's name, the
 * visitor's name, when the pass is valid, the house, the QR code and the code in large
 * digits grouped by three, drawn on a canvas and saved as a PNG. Sharing sends that image
 * with a short text (the code) through the Web Share API; where the browser cannot share
 * files it shares the text alone, and where it cannot share at all the text is copied.
 * Download saves the same PNG. The QR is drawn module by module from the pass token (the
 * `qrcode` package, loaded with the first card), so it stays sharp at any size.
 */
import type * as QrCodeLibrary from 'qrcode';
import type { BitMatrix } from 'qrcode';

import { copyText } from '../../lib/clipboard';

/** What the card says, already in the reader's language. */
export interface PassCardContent {
  /** The community's name, at the top. */
  communityName: string;
  /** 'Visitor pass', 'Frequent visitor pass'. */
  kindLabel: string;
  visitorName: string;
  /** When the pass is valid: one or two lines (a date and a window; days and hours, and dates). */
  when: readonly string[];
  /** 'House 101 · Block A'. */
  house: string;
  /** 'Pass code'. */
  codeLabel: string;
  /** The digits (6, 7 or 8); drawn grouped by three. */
  code: string;
  /** What the QR code holds: the pass token. */
  token: string;
  /** One line under the code: how to use the pass. */
  footer: string;
}

/** The card's size in pixels: portrait, the width of a phone picture. */
export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1560;

const BRAND = '#0f766e';
const INK = '#0f172a';
const MUTED = '#334155';
const FAINT = '#64748b';
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "DejaVu Sans", Arial, sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

/** A code's digits in groups of three for reading aloud: `551225` → `551 225`, `1234567` → `123 456 7`. */
export function groupCodeDigits(code: string): string {
  return code.replace(/\s+/g, '').replace(/(\d{3})(?=\d)/g, '$1 ');
}

/** The file name of a saved card: `pass-jane-doe-2026-11-22.png` (letters and digits of the name). */
export function passCardFileName(visitorName: string, date: string): string {
  const slug = visitorName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `pass-${slug || 'visitor'}-${date}.png`;
}

/** The drawing calls the card needs (a canvas's 2D context; tests pass a recorder). */
export type CardContext = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'font' | 'textAlign' | 'textBaseline' | 'fillRect' | 'fillText' | 'measureText' | 'beginPath' | 'roundRect' | 'fill' | 'strokeStyle' | 'lineWidth' | 'stroke'
>;

/** The QR modules: `size` × `size`, `get(row, column)` 1 when dark. */
export type QrModules = Pick<BitMatrix, 'size' | 'get'>;

/**
 * The largest font size from `largest` down to `smallest` at which `text` fits `maxWidth`;
 * then the text cut to fit with an ellipsis when even the smallest does not.
 */
function fitText(context: CardContext, text: string, weight: string, family: string, largest: number, smallest: number, maxWidth: number): { text: string; size: number } {
  for (let size = largest; size >= smallest; size -= 2) {
    context.font = `${weight} ${size}px ${family}`;
    if (context.measureText(text).width <= maxWidth) return { text, size };
  }
  context.font = `${weight} ${smallest}px ${family}`;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: smallest };
}

/** Draws one centred line of text at `y` (its alphabetic baseline), fitted to `maxWidth`. */
function centredLine(context: CardContext, text: string, y: number, style: { weight: string; family?: string; largest: number; smallest: number; colour: string; maxWidth?: number }) {
  const fitted = fitText(context, text, style.weight, style.family ?? SANS, style.largest, style.smallest, style.maxWidth ?? CARD_WIDTH - 120);
  context.fillStyle = style.colour;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  context.fillText(fitted.text, CARD_WIDTH / 2, y);
}

/**
 * Paints the card on `context` (CARD_WIDTH × CARD_HEIGHT): a band with the community's name
 * and the kind of pass; the visitor's name; when; the house; the QR code (drawn from
 * `modules`, a quiet zone of four modules around it); the code's label and the code grouped
 * by three; the footer. Long texts shrink to fit, then are cut with an ellipsis.
 */
export function paintPassCard(context: CardContext, content: PassCardContent, modules: QrModules): void {
  // The paper, and the band at the top.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  context.fillStyle = BRAND;
  context.fillRect(0, 0, CARD_WIDTH, 200);
  centredLine(context, content.communityName, 100, { weight: '700', largest: 60, smallest: 34, colour: '#ffffff' });
  centredLine(context, content.kindLabel.toUpperCase(), 160, { weight: '600', largest: 32, smallest: 24, colour: '#ccfbf1' });

  // Who, when, where.
  centredLine(context, content.visitorName, 300, { weight: '700', largest: 72, smallest: 40, colour: INK });
  let y = 370;
  for (const line of content.when.slice(0, 2)) {
    centredLine(context, line, y, { weight: '500', largest: 42, smallest: 28, colour: MUTED });
    y += 56;
  }
  centredLine(context, content.house, y, { weight: '600', largest: 42, smallest: 28, colour: MUTED });

  // The QR code: whole pixels per module, centred, on white with a quiet zone.
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const scale = Math.max(1, Math.floor(600 / cells));
  const side = cells * scale;
  const left = Math.round((CARD_WIDTH - side) / 2);
  const top = 540;
  context.strokeStyle = '#cbd5e1';
  context.lineWidth = 3;
  context.beginPath();
  context.roundRect(left - 18, top - 18, side + 36, side + 36, 28);
  context.stroke();
  context.fillStyle = INK;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) context.fillRect(left + (column + quiet) * scale, top + (row + quiet) * scale, scale, scale);
    }
  }

  // The code, for reading out when no phone can show the QR.
  const codeTop = top + side + 110;
  centredLine(context, content.codeLabel.toUpperCase(), codeTop, { weight: '600', largest: 32, smallest: 24, colour: FAINT });
  centredLine(context, groupCodeDigits(content.code), codeTop + 140, { weight: '700', family: MONO, largest: 144, smallest: 80, colour: INK });
  centredLine(context, content.footer, CARD_HEIGHT - 60, { weight: '500', largest: 32, smallest: 22, colour: FAINT });
}

let qrLibrary: Promise<typeof QrCodeLibrary> | undefined;

/** The QR modules of `token` (error correction M, as the server's pass images). */
export async function qrModules(token: string): Promise<QrModules> {
  qrLibrary ??= import('qrcode');
  const library = await qrLibrary;
  return library.create(token, { errorCorrectionLevel: 'M' }).modules;
}

/**
 * The card as a PNG. Errors: the browser has no 2D canvas, or cannot encode it (the caller
 * falls back to the plain QR image).
 */
export async function renderPassCard(content: PassCardContent): Promise<Blob> {
  const modules = await qrModules(content.token);
  // The page's fonts, so that the card's text is drawn in them.
  await document.fonts?.ready;
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser');
  paintPassCard(context, content, modules);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The card could not be encoded'))), 'image/png'),
  );
}

/** How a share ended: the image and text, the text alone, copied instead, or closed by the user. */
export type ShareOutcome = 'shared-image' | 'shared-text' | 'copied' | 'cancelled';

/** What a share sends. */
export interface PassShare {
  /** The card as a PNG file, when it could be drawn. */
  file: File | null;
  title: string;
  /** The short text with the code (also what is copied). */
  text: string;
}

/** The browser's share functions, as `navigator` has them (tests pass their own). */
export interface ShareTarget {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data: ShareData) => boolean) | undefined;
}

/**
 * Shares a pass: with the system share sheet, the card and the text when the browser can
 * share that file (`canShare({files})`), else the text alone; without a share sheet, or
 * when sharing fails for another reason than the user closing it, the text is copied.
 * Output: what happened. Errors: the copy failed too (its message says so).
 */
export async function sharePass(pass: PassShare, target: ShareTarget = navigator, copy: (text: string) => Promise<void> = copyText): Promise<ShareOutcome> {
  if (typeof target.share === 'function') {
    const withImage = pass.file !== null && typeof target.canShare === 'function' && target.canShare({ files: [pass.file] });
    const data: ShareData = withImage ? { files: [pass.file!], title: pass.title, text: pass.text } : { title: pass.title, text: pass.text };
    try {
      await target.share(data);
      return withImage ? 'shared-image' : 'shared-text';
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure; anything else is copied.
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  await copy(pass.text);
  return 'copied';
}

/** Saves `blob` as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves what `url` points at (a data: or blob: URL) as a download named `fileName`. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
