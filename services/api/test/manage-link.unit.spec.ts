import {
  MANAGE_LINK_DAYS_AFTER_APPOINTMENT,
  checkManageLinkToken,
  manageLinkExpiry,
  manageLinkToken,
  signedManageUrl,
} from '@hs/commands';
import { describe, expect, it } from 'vitest';

/** Issue 46: the manage link's token, signed by the worker and checked by the api (@hs/commands). */
const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const REF = 'HS2612-0001-0002';
const now = new Date('2026-12-01T00:00:00Z');
const later = new Date('2026-12-20T00:00:00Z');

describe('manage link tokens', () => {
  it('verify what they sign, for the reference in any case and spacing, until the expiry', () => {
    const token = manageLinkToken(SECRET, REF, later);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(token.split('.')[0]).toBe(String(later.getTime() / 1000));
    expect(checkManageLinkToken(SECRET, REF, token, now)).toBe('valid');
    expect(checkManageLinkToken(SECRET, ` ${REF.toLowerCase()} `, token, now)).toBe('valid');
    expect(checkManageLinkToken(SECRET, REF, token, new Date(later.getTime() - 1000))).toBe('valid');
    expect(checkManageLinkToken(SECRET, REF, token, later)).toBe('expired');
  });

  it('refuse another reference, another secret, a changed expiry or signature, and junk', () => {
    const token = manageLinkToken(SECRET, REF, later);
    const [expiry, mac] = token.split('.') as [string, string];
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    for (const [reference, secret, bad] of [
      ['HS2612-0001-0003', SECRET, token],
      [REF, `${SECRET}!`, token],
      [REF, '', token],
      [REF, SECRET, `${Number(expiry) + 1}.${mac}`],
      [REF, SECRET, `${expiry}.${flipped}`],
      [REF, SECRET, `${expiry}.${mac}x`],
      [REF, SECRET, `${expiry}${mac}`],
      [REF, SECRET, ''],
      [REF, SECRET, `-1.${mac}`],
    ] as const) {
      expect(checkManageLinkToken(secret, reference, bad, now)).toBe('invalid');
    }
    // an expired link with a forged signature is invalid, never "expired"
    expect(checkManageLinkToken(SECRET, REF, `${expiry}.${flipped}`, new Date('2027-06-01T00:00:00Z'))).toBe(
      'invalid',
    );
  });

  it('expire 30 days after the end of the appointment day in Singapore', () => {
    expect(MANAGE_LINK_DAYS_AFTER_APPOINTMENT).toBe(30);
    // 4 Dec ends at 2026-12-04T16:00Z (midnight in Singapore); plus 30 days
    expect(manageLinkExpiry('2026-12-04').toISOString()).toBe('2027-01-03T16:00:00.000Z');
    expect(manageLinkExpiry(null, now).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(manageLinkExpiry('not a day', now).toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });

  it('make the whole link: the reference and the token in the query', () => {
    const url = new URL(signedManageUrl('https://example.sg/', SECRET, REF, later));
    expect(`${url.origin}${url.pathname}`).toBe('https://example.sg/manage-appointment');
    expect(url.searchParams.get('ref')).toBe(REF);
    expect(checkManageLinkToken(SECRET, REF, url.searchParams.get('token')!, now)).toBe('valid');
  });
});
