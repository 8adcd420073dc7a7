import { describe, expect, it } from 'vitest';
import { parseSingaporeNumber, smsRecipient } from '../src/phone';

describe('Singapore numbers to E.164 (issue 26)', () => {
  it.each([
    ['91234567', 'mobile', '+6591234567'],
    ['81234567', 'mobile', '+6581234567'],
    ['9123 4567', 'mobile', '+6591234567'],
    ['9123-4567', 'mobile', '+6591234567'],
    ['+65 9123 4567', 'mobile', '+6591234567'],
    ['+6591234567', 'mobile', '+6591234567'],
    ['006591234567', 'mobile', '+6591234567'],
    ['6591234567', 'mobile', '+6591234567'],
    ['(+65) 8123-4567', 'mobile', '+6581234567'],
    ['61234567', 'landline', '+6561234567'],
    ['31234567', 'landline', '+6531234567'],
    ['+65 6123 4567', 'landline', '+6561234567'],
  ])('%s is a %s, %s', (raw, kind, e164) => {
    expect(parseSingaporeNumber(raw)).toEqual({ kind, e164 });
  });

  it.each([
    [''],
    ['   '],
    ['1234567'],
    ['912345678'],
    ['21234567'],
    ['41234567'],
    ['51234567'],
    ['71234567'],
    ['01234567'],
    ['+60 12 345 6789'],
    ['+1 415 555 0100'],
    ['+65 2123 4567'],
    ['9123456a'],
    ['ninetyone'],
    ['+6591234567890'],
  ])('%j is not a Singapore number', (raw) => {
    expect(parseSingaporeNumber(raw)).toEqual({ kind: 'invalid' });
    expect(smsRecipient(raw)).toBeNull();
  });

  it('absent numbers are invalid', () => {
    expect(parseSingaporeNumber(null)).toEqual({ kind: 'invalid' });
    expect(parseSingaporeNumber(undefined)).toEqual({ kind: 'invalid' });
  });

  it('an SMS goes to mobiles (8, 9) only: fixed lines (6) and VoIP numbers (3) are not recipients', () => {
    expect(smsRecipient('8123 4567')).toBe('+6581234567');
    expect(smsRecipient('9123 4567')).toBe('+6591234567');
    expect(smsRecipient('6123 4567')).toBeNull();
    expect(smsRecipient('3123 4567')).toBeNull();
  });

  it('every 8-digit number by its first digit', () => {
    for (let d = 0; d <= 9; d++) {
      const raw = `${d}2345678`;
      const expected = d === 8 || d === 9 ? 'mobile' : d === 3 || d === 6 ? 'landline' : 'invalid';
      expect(parseSingaporeNumber(raw).kind).toBe(expected);
    }
  });
});
