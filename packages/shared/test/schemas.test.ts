import { describe, expect, it } from 'vitest';

import {
  qrFileName,
  truncateToken,
  formatDisplayDate,
  formatDisplayTime,
  formatCurrency,
  ZCreateHouseRequest,
  ZInviteVisitorRequest,
  ZLoginRequest,
  ZScanRequest,
  ZSignupForm,
  ZSignupRequest,
  ZVisitorListRequest,
} from '../src';

/** The first message zod gives for `input`, or null when it passes. */
function firstMessage(schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

const validSignup = { name: 'Ann Lee', email: 'ann@example.com', phone: '+1 555-123-4567', password: 'secret1' };
const validInvite = {
  name: 'Visitor One',
  phone: '+15551234567',
  houseId: '6f1c2a4e-8d2b-4d8c-9a57-1f0e5b2c3d4e',
  visitDate: '2026-11-22',
  visitTimeFrom: '09:00',
  visitTimeTo: '17:00',
};

describe('login (docs/product.md#forms-and-their-messages)', () => {
  it.each([
    [{ password: 'secret1' }, 'Email is required'],
    [{ email: '   ', password: 'secret1' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'secret1' }, 'Invalid email format'],
    [{ email: 'a@b', password: 'secret1' }, 'Invalid email format'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'a@b.co', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ email: `${'a'.repeat(250)}@b.co`, password: 'secret1' }, 'Email must be at most 254 characters'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(ZLoginRequest, input)).toBe(message);
  });

  it('trims and lower-cases the email, keeps the password as typed', () => {
    expect(ZLoginRequest.parse({ email: '  Ann@Example.COM ', password: ' secret ' })).toEqual({
      email: 'ann@example.com',
      password: ' secret ',
    });
  });
});

describe('sign-up (docs/product.md#forms-and-their-messages)', () => {
  it.each([
    [{ ...validSignup, name: undefined }, 'Name is required'],
    [{ ...validSignup, name: '   ' }, 'Name is required'],
    [{ ...validSignup, name: ' A ' }, 'Name must be at least 2 characters'],
    [{ ...validSignup, name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ ...validSignup, phone: undefined }, 'Phone number is required'],
    [{ ...validSignup, phone: '' }, 'Phone number is required'],
    [{ ...validSignup, phone: '0123456' }, 'Invalid phone number format'],
    [{ ...validSignup, phone: '+1' }, 'Invalid phone number format'],
    [{ ...validSignup, phone: '+1234567890123456' }, 'Invalid phone number format'],
    [{ ...validSignup, phone: '555-CALL-NOW' }, 'Invalid phone number format'],
    [{ ...validSignup, email: 'bad' }, 'Invalid email format'],
    [{ ...validSignup, password: '123' }, 'Password must be at least 6 characters'],
    [{ ...validSignup, role: 'superuser' }, 'Invalid role'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(ZSignupRequest, input)).toBe(message);
  });

  it('accepts international numbers with spaces and dashes, and defaults the role to resident', () => {
    expect(ZSignupRequest.parse({ ...validSignup, phone: '44 20-7946-0958' }).role).toBe('resident');
    expect(ZSignupRequest.parse({ ...validSignup, role: 'guard' }).role).toBe('guard');
  });

  it('requires the confirmation to equal the password', () => {
    expect(firstMessage(ZSignupForm, { ...validSignup, confirmPassword: 'secret2' })).toBe('Passwords do not match');
    expect(firstMessage(ZSignupForm, { ...validSignup, confirmPassword: 'secret1' })).toBeNull();
  });
});

describe('invitation (docs/product.md#forms-and-their-messages)', () => {
  it.each([
    [{ ...validInvite, name: '' }, 'Visitor name is required'],
    [{ ...validInvite, name: undefined }, 'Visitor name is required'],
    [{ ...validInvite, phone: '' }, 'Phone number is required'],
    [{ ...validInvite, phone: 'abc' }, 'Invalid phone number format'],
    [{ ...validInvite, houseId: '' }, 'Please select a house'],
    [{ ...validInvite, houseId: undefined }, 'Please select a house'],
    [{ ...validInvite, visitDate: '' }, 'Visit date is required'],
    [{ ...validInvite, visitTimeFrom: '' }, 'Start time is required'],
    [{ ...validInvite, visitTimeTo: '' }, 'End time is required'],
    [{ ...validInvite, visitTimeFrom: '17:00', visitTimeTo: '09:00' }, 'End time must be after start time'],
    [{ ...validInvite, visitTimeFrom: '10:00', visitTimeTo: '10:00' }, 'End time must be after start time'],
    [{ ...validInvite, email: 'nope' }, 'Invalid email format'],
    [{ ...validInvite, visitDate: '2026-02-30' }, 'Visit date must be a date (YYYY-MM-DD)'],
    [{ ...validInvite, purpose: 'x'.repeat(501) }, 'Purpose must be at most 500 characters'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(ZInviteVisitorRequest, input)).toBe(message);
  });

  it('omits empty optional fields and upper-cases the plate', () => {
    const parsed = ZInviteVisitorRequest.parse({ ...validInvite, email: '', purpose: '  ', vehicleLicensePlate: ' abc  123 ' });
    expect(parsed.email).toBeUndefined();
    expect(parsed.purpose).toBeUndefined();
    expect(parsed.vehicleLicensePlate).toBe('ABC 123');
  });
});

describe('scan (docs/product.md#forms-and-their-messages)', () => {
  it('needs a token and trims it', () => {
    expect(firstMessage(ZScanRequest, { token: '   ' })).toBe('Please enter a token');
    expect(firstMessage(ZScanRequest, {})).toBe('Please enter a token');
    expect(ZScanRequest.parse({ token: '  abc \n' }).token).toBe('abc');
  });
});

describe('house create (docs/product.md#forms-and-their-messages)', () => {
  it('requires house number, block, street and owner', () => {
    const valid = { houseNumber: '12', block: 'A', street: 'Main', ownerId: validInvite.houseId };
    expect(firstMessage(ZCreateHouseRequest, valid)).toBeNull();
    expect(firstMessage(ZCreateHouseRequest, { ...valid, houseNumber: ' ' })).toBe('House number is required');
    expect(firstMessage(ZCreateHouseRequest, { ...valid, block: '' })).toBe('Block is required');
    expect(firstMessage(ZCreateHouseRequest, { ...valid, street: '' })).toBe('Street is required');
    expect(firstMessage(ZCreateHouseRequest, { ...valid, ownerId: '' })).toBe('Owner is required');
    expect(firstMessage(ZCreateHouseRequest, { ...valid, houseNumber: 'x'.repeat(21) })).toBe('House number must be at most 20 characters');
  });
});

describe('list pages (docs/api.md#visitors-and-their-statuses, docs/api.md#lists-and-pagination)', () => {
  it('defaults limit to 50 and clamps it to 1..100', () => {
    expect(ZVisitorListRequest.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(ZVisitorListRequest.parse({ limit: '500' }).limit).toBe(100);
    expect(ZVisitorListRequest.parse({ limit: '0' }).limit).toBe(1);
    expect(firstMessage(ZVisitorListRequest, { limit: 'ten' })).toBe('limit must be a number');
    expect(firstMessage(ZVisitorListRequest, { status: 'inside' })).toBe('Invalid status');
  });
});

describe('display formats (docs/product.md#constants-and-formats)', () => {
  it('formats dates, times, money, tokens and the QR file name', () => {
    expect(formatDisplayDate('2026-11-05')).toBe('Nov 05, 2026');
    expect(formatDisplayTime('09:00')).toBe('9:00 AM');
    expect(formatDisplayTime('17:30')).toBe('5:30 PM');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(truncateToken('abcdefgh1234567890ijklmnop')).toBe('abcdefgh...ijklmnop');
    expect(qrFileName('Jane  Doe', '2026-11-22')).toBe('qr-jane-doe-2026-11-22.png');
  });
});
