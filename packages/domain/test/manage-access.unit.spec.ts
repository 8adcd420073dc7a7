import { describe, expect, it } from 'vitest';
import { secondCheckMatches } from '../src';

/** Issue 46: the second check that, with the reference, lets a visitor change a booking. */
describe('secondCheckMatches', () => {
  const contact = { email: 'Mei.Tan@Example.com', dateOfBirth: '1985-02-03' };

  it('accepts the exact date of birth, with the email in any case and spacing when given too', () => {
    expect(secondCheckMatches(contact, { dateOfBirth: '1985-02-03' })).toBe(true);
    expect(secondCheckMatches(contact, { email: ' MEI.TAN@EXAMPLE.COM ', dateOfBirth: '1985-02-03' })).toBe(
      true,
    );
    expect(secondCheckMatches(contact, { email: 'mei.tan@example.com', dateOfBirth: '1985-02-03' })).toBe(
      true,
    );
  });

  it('refuses nothing given, a wrong one, any wrong one of two, another date format, no contact', () => {
    expect(secondCheckMatches(contact, {})).toBe(false);
    // the email alone is no check: the spec's lookup by reference shows it
    expect(secondCheckMatches(contact, { email: 'mei.tan@example.com' })).toBe(false);
    expect(secondCheckMatches(contact, { email: '  ', dateOfBirth: '' })).toBe(false);
    expect(secondCheckMatches(contact, { email: 'mei@example.com' })).toBe(false);
    expect(secondCheckMatches(contact, { dateOfBirth: '1985-03-02' })).toBe(false);
    expect(secondCheckMatches(contact, { dateOfBirth: '03/02/1985' })).toBe(false);
    expect(secondCheckMatches(contact, { email: 'mei.tan@example.com', dateOfBirth: '1990-01-01' })).toBe(
      false,
    );
    expect(secondCheckMatches(null, { email: 'mei.tan@example.com' })).toBe(false);
  });
});
