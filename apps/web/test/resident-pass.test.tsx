/**
 * The resident's pass: the invitation form's default window in the community's zone at any
 * hour (16:59, 17:00, 19:07, 23:50…, the browser elsewhere); a refused form focusing and
 * scrolling to its first error (invitation and recurring pass); the pass card (what it
 * draws), Share with and without file sharing and without a share sheet (copied, `Copied`
 * beside Share), Download of the card; a walk-in request as a dialog over another screen,
 * with Deny asking for an optional reason; the pass page's arrival notifications toggle.
 */
import type { RecurringPassWithEntries, VisitorSummary } from '@gatehouse/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  CARD_HEIGHT,
  CARD_WIDTH,
  groupCodeDigits,
  paintPassCard,
  passCardFileName,
  sharePass,
  type CardContext,
  type PassCardContent,
} from '../src/features/passes/pass-card';
import { defaultVisitWindow } from '../src/features/visitors/default-visit-window';
import { HOUSE_A101, makeVisitor, resident } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

// UTC+14: no test machine's zone, so the browser is elsewhere.
const KIRITIMATI = 'Pacific/Kiritimati';
const settings = (timeZone: string) => ({
  communityName: 'Palm Grove',
  timeZone,
  earlyCheckinMinutes: 60,
  walkinApprovalMinutes: 10,
  walkinEscalateSeconds: 60,
  overstayGraceMinutes: 30,
});

/** The instant a Kiritimati wall-clock time (UTC+14) stands for. */
const kiritimati = (date: string, time: string) => new Date(`${date}T${time}+14:00`);

/** Sets the clock (Date only; timers stay real and time goes on from there). */
const clockAt = (instant: Date) => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(instant);
};

describe('the invitation form’s default window, in the community’s zone', () => {
  it('is 09:00-17:00 until 17:00, then from now (next quarter hour, at most 23:45) to 23:59', () => {
    expect(defaultVisitWindow(kiritimati('2026-11-22', '08:00'), KIRITIMATI)).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    expect(defaultVisitWindow(kiritimati('2026-11-22', '16:59:59'), KIRITIMATI)).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    expect(defaultVisitWindow(kiritimati('2026-11-22', '16:59'), KIRITIMATI)).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    expect(defaultVisitWindow(kiritimati('2026-11-22', '17:00'), KIRITIMATI)).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '17:00', visitTimeTo: '23:59' });
    expect(defaultVisitWindow(kiritimati('2026-11-22', '19:00'), KIRITIMATI)).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '19:00', visitTimeTo: '23:59' });
    expect(defaultVisitWindow(kiritimati('2026-11-22', '19:00:30'), KIRITIMATI).visitTimeFrom).toBe('19:15');
    expect(defaultVisitWindow(kiritimati('2026-11-22', '19:07'), KIRITIMATI)).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '19:15', visitTimeTo: '23:59' });
    expect(defaultVisitWindow(kiritimati('2026-11-22', '23:30'), KIRITIMATI).visitTimeFrom).toBe('23:30');
    expect(defaultVisitWindow(kiritimati('2026-11-22', '23:50'), KIRITIMATI)).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '23:45', visitTimeTo: '23:59' });
  });

  it('reads the community’s clock, not the browser’s', () => {
    // 19:07 in Kiritimati is 05:07 UTC the same day, and 00:07 in New York the day before.
    const instant = kiritimati('2026-11-22', '19:07');
    expect(defaultVisitWindow(instant, 'America/New_York')).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    expect(defaultVisitWindow(instant, 'UTC')).toEqual({ visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    // 00:10 in Kiritimati: a new day there while it is still the day before in UTC.
    expect(defaultVisitWindow(kiritimati('2026-11-23', '00:10'), KIRITIMATI)).toEqual({ visitDate: '2026-11-23', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
  });

  it('fills the form at 19:07 in the community with a window that works, and sends it', async () => {
    clockAt(kiritimati('2026-11-22', '19:07'));
    const created = makeVisitor({ visitDate: '2026-11-22', visitTimeFrom: '19:15', visitTimeTo: '23:59' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => settings(KIRITIMATI),
      'visitors.invite': () => created,
      'visitors.byId': () => created,
    });
    const { user } = renderApp('/visitors/create', { user: resident });
    await waitFor(() => expect(screen.getByLabelText('Start Time')).toHaveValue('19:15'));
    expect(screen.getByLabelText('End Time')).toHaveValue('23:59');
    expect(screen.getByLabelText('Visit Date')).toHaveValue('2026-11-22');
    await user.type(screen.getByLabelText('Visitor Name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 010 0200');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.invite')).toHaveLength(1));
    expect(callsTo(calls, 'visitors.invite')[0]?.input).toMatchObject({ visitDate: '2026-11-22', visitTimeFrom: '19:15', visitTimeTo: '23:59' });
  });

  it('uses 09:00-17:00 for another day chosen in the evening', async () => {
    clockAt(kiritimati('2026-11-22', '19:07'));
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.settings': () => settings(KIRITIMATI) });
    const { user } = renderApp('/visitors/create', { user: resident });
    await waitFor(() => expect(screen.getByLabelText('Start Time')).toHaveValue('19:15'));
    const date = screen.getByLabelText('Visit Date');
    await user.clear(date);
    await user.type(date, '2026-11-23');
    await waitFor(() => expect(screen.getByLabelText('Start Time')).toHaveValue('09:00'));
    expect(screen.getByLabelText('End Time')).toHaveValue('17:00');
    // Back to today: the evening window again.
    await user.clear(date);
    await user.type(date, '2026-11-22');
    await waitFor(() => expect(screen.getByLabelText('Start Time')).toHaveValue('19:15'));
  });

  it('takes the window again at Create while untouched (a form left open past 17:00)', async () => {
    clockAt(kiritimati('2026-11-22', '16:50'));
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => settings(KIRITIMATI),
      'visitors.invite': () => makeVisitor(),
      'visitors.byId': () => makeVisitor(),
    });
    const { user } = renderApp('/visitors/create', { user: resident });
    await waitFor(() => expect(screen.getByLabelText('Start Time')).toHaveValue('09:00'));
    await user.type(screen.getByLabelText('Visitor Name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 010 0200');
    vi.setSystemTime(kiritimati('2026-11-22', '17:20'));
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.invite')).toHaveLength(1));
    expect(callsTo(calls, 'visitors.invite')[0]?.input).toMatchObject({ visitTimeFrom: '17:30', visitTimeTo: '23:59' });
  });
});

describe('a refused form', () => {
  let scrolled: HTMLElement[];
  beforeEach(() => {
    scrolled = [];
    Element.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('moves focus to the invitation’s first error, scrolls it into view and announces it', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.settings': () => settings(KIRITIMATI) });
    const { user } = renderApp('/visitors/create', { user: resident });
    await user.type(await screen.findByLabelText('Phone Number'), 'abc');
    // Focus is on the button at the bottom when the form is sent.
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    const name = screen.getByLabelText('Visitor Name');
    await waitFor(() => expect(name).toHaveFocus());
    await waitFor(() => expect(scrolled).toContain(name));
    expect(name).toHaveAccessibleDescription('Visitor name is required');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Visitor name is required', 'Invalid phone number format']);

    // The name corrected: the phone is now the first error.
    await user.type(name, 'Jane Doe');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveFocus());
  });

  it('moves focus to the server’s refusal when the server refuses the invitation', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => settings(KIRITIMATI),
      'visitors.invite': () => {
        throw trpcError(400, 'End time has already passed');
      },
    });
    const { user } = renderApp('/visitors/create', { user: resident });
    await user.type(await screen.findByLabelText('Visitor Name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Phone Number'), '+15550100200');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.invite')).toHaveLength(1));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('End time has already passed');
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(scrolled).toContain(refusal);
  });

  it('moves focus to the recurring pass’s first error too: the days when only they are missing', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.settings': () => settings(KIRITIMATI) });
    const { user } = renderApp('/passes/create', { user: resident });
    await user.click(await screen.findByRole('button', { name: 'Create Pass' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());

    await user.type(screen.getByLabelText('Name'), 'Tom Tutor');
    await user.type(screen.getByLabelText('Phone Number'), '+15550009876');
    await user.type(screen.getByLabelText('End Date'), '2027-01-31');
    await user.click(screen.getByRole('button', { name: 'Create Pass' }));
    const days = screen.getByRole('group', { name: 'Days' });
    await waitFor(() => expect(within(days).getByRole('checkbox', { name: 'Monday' })).toHaveFocus());
    await waitFor(() => expect(scrolled.at(-1)).toBe(within(days).getByRole('checkbox', { name: 'Monday' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one day');
  });

  it('offers the arrival notifications on the pass form, off by default, and sends the choice', async () => {
    clockAt(kiritimati('2026-11-22', '10:00'));
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => settings(KIRITIMATI),
      'passes.create': () => {
        throw new Error('stop here');
      },
    });
    const { user } = renderApp('/passes/create', { user: resident });
    const notify = await screen.findByRole('checkbox', { name: 'Tell me when they arrive and leave' });
    expect(notify).not.toBeChecked();
    // The latest end date in words, never YYYY-MM-DD.
    expect(await screen.findByText('At most 12 months: until Nov 22, 2027.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Tom Tutor');
    await user.type(screen.getByLabelText('Phone Number'), '+15550009876');
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.type(screen.getByLabelText('End Date'), '2027-01-31');
    await user.click(notify);
    await user.click(screen.getByRole('button', { name: 'Create Pass' }));
    await waitFor(() => expect(callsTo(calls, 'passes.create')).toHaveLength(1));
    expect(callsTo(calls, 'passes.create')[0]?.input).toMatchObject({ notifyOnArrival: true, weekdays: ['mon'] });
  });
});

/** A canvas context that records what is drawn. */
function recordingContext() {
  const texts: { text: string; font: string; y: number }[] = [];
  const rects: number[][] = [];
  const context = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    fillRect: (...args: number[]) => rects.push(args),
    fillText(text: string, _x: number, y: number) {
      texts.push({ text, font: this.font, y });
    },
    // About 0.6 em per character.
    measureText(text: string) {
      return { width: text.length * Number(/(\d+)px/.exec(this.font)?.[1] ?? 10) * 0.6 } as TextMetrics;
    },
    beginPath: () => {},
    roundRect: () => {},
    fill: () => {},
    stroke: () => {},
  };
  return { context: context as unknown as CardContext, texts, rects };
}

const CARD: PassCardContent = {
  communityName: 'Palm Grove',
  kindLabel: 'Visitor pass',
  visitorName: 'Jane Doe',
  when: ['Nov 22, 2026', '9:00 AM - 5:00 PM'],
  house: 'House A-101 · Block A',
  codeLabel: 'Pass code',
  code: '048213',
  token: 'token',
  footer: 'Show the QR code at the gate, or read out the pass code.',
};

describe('the pass card', () => {
  it('draws the community, the visitor, when, the house, the QR and the code grouped by three', () => {
    const { context, texts, rects } = recordingContext();
    // A 3 × 3 QR with its diagonal dark.
    paintPassCard(context, CARD, { size: 3, get: (row: number, column: number) => (row === column ? 1 : 0) });
    expect(texts.map((item) => item.text)).toEqual([
      'Palm Grove',
      'VISITOR PASS',
      'Jane Doe',
      'Nov 22, 2026',
      '9:00 AM - 5:00 PM',
      'House A-101 · Block A',
      'PASS CODE',
      '048 213',
      'Show the QR code at the gate, or read out the pass code.',
    ]);
    // Top to bottom, inside the card; the code in large monospace digits.
    const ys = texts.map((item) => item.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(Math.max(...ys)).toBeLessThan(CARD_HEIGHT);
    expect(texts.find((item) => item.text === '048 213')?.font).toMatch(/^700 1\d\dpx .*monospace/);
    // The paper, the band, and one square per dark module (3), of whole pixels.
    expect(rects[0]).toEqual([0, 0, CARD_WIDTH, CARD_HEIGHT]);
    expect(rects.slice(2)).toHaveLength(3);
    expect(rects.slice(2).every(([, , width]) => Number.isInteger(width) && width! > 0)).toBe(true);
  });

  it('shrinks, then cuts, a name too long for the card', () => {
    const { context, texts } = recordingContext();
    paintPassCard(context, { ...CARD, visitorName: 'Bartholomew Maximilian Featherstonehaugh-Cholmondeley the Third of Westminster' }, { size: 1, get: () => 1 });
    const name = texts[2]!;
    expect(name.text.endsWith('…')).toBe(true);
    expect(name.font).toMatch(/ 40px /);
  });

  it('groups any code by three and names the file after the visitor and the date', () => {
    expect(groupCodeDigits('048213')).toBe('048 213');
    expect(groupCodeDigits('1234567')).toBe('123 456 7');
    expect(groupCodeDigits('48291305')).toBe('482 913 05');
    expect(passCardFileName('Jane  Doe', '2026-11-22')).toBe('pass-jane-doe-2026-11-22.png');
  });
});

describe('sharing a pass', () => {
  const file = new File(['png'], 'pass-jane-doe-2026-11-22.png', { type: 'image/png' });
  const pass = { file, title: 'Gate pass: Jane Doe', text: 'Gate pass for Jane Doe … Pass code: 048 213' };

  it('shares the card and the text where the browser can share files', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const canShare = vi.fn((data: ShareData) => Boolean(data.files));
    const copy = vi.fn();
    expect(await sharePass(pass, { share, canShare }, copy)).toBe('shared-image');
    expect(canShare).toHaveBeenCalledWith({ files: [file] });
    expect(share).toHaveBeenCalledWith({ files: [file], title: pass.title, text: pass.text });
    expect(copy).not.toHaveBeenCalled();
  });

  it('shares the text alone where files cannot be shared (or there is no card)', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    expect(await sharePass(pass, { share, canShare: () => false }, vi.fn())).toBe('shared-text');
    expect(share).toHaveBeenCalledWith({ title: pass.title, text: pass.text });
    // An older browser: a share sheet without canShare.
    expect(await sharePass(pass, { share }, vi.fn())).toBe('shared-text');
    expect(await sharePass({ ...pass, file: null }, { share, canShare: () => true }, vi.fn())).toBe('shared-text');
    expect(share).toHaveBeenLastCalledWith({ title: pass.title, text: pass.text });
  });

  it('copies the text where nothing can be shared, or when sharing fails; not when the user closes the sheet', async () => {
    const copy = vi.fn().mockResolvedValue(undefined);
    expect(await sharePass(pass, {}, copy)).toBe('copied');
    expect(copy).toHaveBeenCalledWith(pass.text);
    const refused = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    expect(await sharePass(pass, { share: vi.fn().mockRejectedValue(refused), canShare: () => true }, copy)).toBe('copied');
    expect(copy).toHaveBeenCalledTimes(2);
    const closed = Object.assign(new Error('Share canceled'), { name: 'AbortError' });
    expect(await sharePass(pass, { share: vi.fn().mockRejectedValue(closed), canShare: () => true }, copy)).toBe('cancelled');
    expect(copy).toHaveBeenCalledTimes(2);
  });

  describe('on the visitor’s page', () => {
    let restore: (() => void)[];
    beforeEach(() => {
      restore = [];
      // jsdom draws nothing: a recording 2D context, and a PNG of a few bytes.
      const { context } = recordingContext();
      const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
      const toBlob = vi
        .spyOn(HTMLCanvasElement.prototype, 'toBlob')
        .mockImplementation((callback: BlobCallback) => callback(new Blob(['png'], { type: 'image/png' })));
      const createObjectURL = vi.fn(() => 'blob:pass-card');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      restore.push(() => getContext.mockRestore(), () => toBlob.mockRestore());
    });
    afterEach(() => {
      for (const undo of restore) undo();
      Reflect.deleteProperty(navigator, 'share');
      Reflect.deleteProperty(navigator, 'canShare');
      Reflect.deleteProperty(navigator, 'clipboard');
    });

    const openPass = async () => {
      const visitor = makeVisitor();
      mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor, 'visitors.settings': () => settings('America/New_York') });
      const view = renderApp(`/visitors/${visitor.id}`, { user: resident });
      await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
      // The card is drawn in the background: the print copy appears when it is.
      await waitFor(() => expect(document.querySelector('.pass-print img')).toHaveAttribute('src', 'blob:pass-card'));
      return view;
    };

    it('shares the card as a PNG with the text where files can be shared', async () => {
      const share = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => Boolean(data.files?.length), configurable: true });
      const { user } = await openPass();
      await user.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      const data = share.mock.calls[0]![0] as ShareData;
      expect(data.files?.[0]).toMatchObject({ name: 'pass-jane-doe-2026-11-22.png', type: 'image/png' });
      expect(data.title).toBe('Gate pass: Jane Doe');
      expect(data.text).toBe('Gate pass for Jane Doe: Nov 22, 2026, 9:00 AM - 5:00 PM, House A-101 · Block A. Pass code: 048 213');
      expect(screen.queryByText('Copied')).not.toBeInTheDocument();
    });

    it('shares the text alone where files cannot be shared', async () => {
      const share = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => !data.files, configurable: true });
      const { user } = await openPass();
      await user.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      expect(share.mock.calls[0]![0]).toEqual({ title: 'Gate pass: Jane Doe', text: expect.stringContaining('Pass code: 048 213') });
    });

    it('copies the text and says Copied beside Share where nothing can be shared', async () => {
      const { user } = await openPass();
      // After the render: user-event puts a clipboard of its own in place.
      const writeText = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      const shareButton = screen.getByRole('button', { name: 'Share' });
      await user.click(shareButton);
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Pass code: 048 213')));
      const copied = await screen.findByText('Copied');
      // Beside Share: the same row, a live region.
      expect(copied.closest('[role="status"]')?.parentElement).toBe(shareButton.parentElement);
    });

    it('downloads the card itself as a PNG', async () => {
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      const { user } = await openPass();
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(clicked[0]?.download).toBe('pass-jane-doe-2026-11-22.png');
      expect(clicked[0]?.getAttribute('href')).toBe('blob:pass-card');
    });
  });
});

const walkIn = (overrides: Partial<VisitorSummary> = {}): VisitorSummary => {
  const visitor = makeVisitor({ name: 'Walter Walkin', kind: 'walk-in', status: 'pending', purpose: 'Delivery', hostId: null, ...overrides });
  return visitor as VisitorSummary;
};

describe('a walk-in request', () => {
  const setup = (waiting: VisitorSummary[]) => {
    let pending = waiting;
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => settings('America/New_York'),
      'passes.list': () => ({ items: [], total: 0 }),
      'visitors.listSummaries': (input: { status?: string }) => ({ items: input.status === 'pending' ? pending : [], total: input.status === 'pending' ? pending.length : 0 }),
      'visitors.reject': (input: { id: string }) => {
        pending = pending.filter((visitor) => visitor.id !== input.id);
        return { ...makeVisitor(), status: 'rejected' };
      },
      'visitors.approve': (input: { id: string }) => {
        pending = pending.filter((visitor) => visitor.id !== input.id);
        return { ...makeVisitor(), status: 'approved' };
      },
    });
    const view = renderApp('/passes', { user: resident });
    return { ...view, calls };
  };

  it('opens as a dialog over the screen, with focus in it, the photo, name and purpose', async () => {
    setup([walkIn()]);
    const dialog = await screen.findByRole('dialog', { name: 'A visitor is waiting at the gate' });
    // The screen under it is still the resident's.
    expect(screen.getByRole('heading', { level: 1, name: 'Frequent visitors' })).toBeInTheDocument();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).toHaveTextContent('Walter Walkin');
    expect(within(dialog).getByText(/Delivery · at the gate since/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve Walter Walkin' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Deny Walter Walkin' })).toBeInTheDocument();
    // Also said in the live region of the requests.
    expect(within(screen.getByRole('region', { name: 'Walk-in requests' })).getByRole('status')).toHaveTextContent('Walk-in waiting for you: Walter Walkin');
  });

  it('asks `Deny {name}?` with an optional reason and sends it', async () => {
    const { user, calls } = setup([walkIn()]);
    const dialog = await screen.findByRole('dialog', { name: 'A visitor is waiting at the gate' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny Walter Walkin' }));
    expect(within(dialog).getByText('Deny Walter Walkin?')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Reason for the guard');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('Optional. The guard reads it to the visitor.');
    await user.type(reason, '  Not expecting anyone  ');
    await user.click(within(dialog).getByRole('button', { name: 'Deny Walter Walkin' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.reject')[0]?.input).toEqual({ id: expect.any(String), reason: 'Not expecting anyone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('denies without a reason, and Go Back returns to Approve / Deny', async () => {
    const { user, calls } = setup([walkIn()]);
    const dialog = await screen.findByRole('dialog', { name: 'A visitor is waiting at the gate' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny Walter Walkin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    expect(within(dialog).getByRole('button', { name: 'Approve Walter Walkin' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deny Walter Walkin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deny Walter Walkin' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.reject')[0]?.input).toEqual({ id: expect.any(String) }));
  });

  it('can be put off: closed, a line above the page opens it again', async () => {
    const { user } = setup([walkIn()]);
    const dialog = await screen.findByRole('dialog', { name: 'A visitor is waiting at the gate' });
    await user.click(within(dialog).getByRole('button', { name: 'Decide Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Walk-in requests' });
    expect(within(region).getByText('A visitor is waiting at the gate')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'A visitor is waiting at the gate' })).toBeInTheDocument();
  });
});

describe('the recurring pass page', () => {
  const PASS: RecurringPassWithEntries = {
    id: 'eeeeeeee-0000-4000-8000-000000000009',
    kind: 'recurring',
    name: 'Maria Helper',
    phone: '+15550001234',
    email: null,
    purpose: 'Cleaning',
    vehicleLicensePlate: null,
    houseId: HOUSE_A101,
    hostId: { id: resident.id, name: resident.name },
    weekdays: ['mon', 'wed', 'fri'],
    timeFrom: '08:00',
    timeTo: '12:00',
    startDate: '2026-11-23',
    endDate: '2027-05-31',
    status: 'active',
    qrCodeToken: 'q'.repeat(43),
    passCode: '1234567',
    qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
    inside: false,
    notifyOnArrival: false,
    createdAt: '2026-11-22T14:00:00.000Z',
    month: '2026-11',
    entries: [],
  };

  it('offers Share, Download and Print, and lets the host be told of arrivals (PUT)', async () => {
    let current = PASS;
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => settings('America/New_York'),
      'passes.byId': () => current,
      'passes.update': (input: { notifyOnArrival: boolean }) => {
        current = { ...current, notifyOnArrival: input.notifyOnArrival };
        return current;
      },
    });
    const { user } = renderApp(`/passes/${PASS.id}`, { user: resident });
    const actions = await screen.findByRole('group', { name: 'Share the pass' });
    for (const name of ['Share', 'Download', 'Print']) expect(within(actions).getByRole('button', { name })).toBeInTheDocument();
    const notify = screen.getByRole('checkbox', { name: 'Tell me when Maria Helper arrives and leaves' });
    expect(notify).not.toBeChecked();
    await user.click(notify);
    await waitFor(() => expect(callsTo(calls, 'passes.update')[0]?.input).toEqual({ id: PASS.id, notifyOnArrival: true }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Tell me when Maria Helper arrives and leaves' })).toBeChecked());
    expect(await screen.findByText('You will be told when Maria Helper arrives and leaves')).toBeInTheDocument();
  });

  it('names the month in the chosen language (no YYYY-MM)', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => settings('America/New_York'),
      'passes.byId': () => ({
        ...PASS,
        entries: [{ id: 'ffffffff-0000-4000-8000-000000000001', checkInTime: '2026-11-23T13:05:00.000Z', checkOutTime: null, gate: null, checkOutGate: null, checkedInBy: null, checkedOutBy: null }],
      }),
    });
    renderApp(`/passes/${PASS.id}`, { user: resident });
    expect(await screen.findByRole('table', { name: 'Visits in November 2026, newest first' })).toBeInTheDocument();
    await act(async () => {
      const { chooseLanguage } = await import('../src/lib/i18n');
      await chooseLanguage('es');
    });
    expect(await screen.findByRole('table', { name: /Visitas de noviembre de 2026/ })).toBeInTheDocument();
    expect(screen.queryByText(/2026-11/)).not.toBeInTheDocument();
  });
});
