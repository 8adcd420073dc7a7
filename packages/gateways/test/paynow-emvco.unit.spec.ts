import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, parsePayNowPayload, payNowPayload } from '../src/paynow/emvco';

/**
 * Published PayNow payloads (UEN proxy, amount not editable): the first from the PayNowQRSwift
 * library's own test (with expiry and bill number), the second the UEN example of
 * serrynaimo/paynow-qr (no expiry, no bill number). Both were made by other PayNow encoders.
 */
const PUBLISHED_WITH_EXPIRY =
  '00020101021226490009SG.PAYNOW010120210201101550Z03010040820201127520400005303702540550.005802SG5907Qryptal6009Singapore62060102AJ630488E9';
const PUBLISHED_PLAIN =
  '00020101021226370009SG.PAYNOW010120210201207337D03010520400005303702540510.005802SG5916Nerdherd Pte Ltd6009Singapore6304F832';

describe('PayNow EMVCo payload', () => {
  it('computes CRC-16/CCITT-FALSE (its standard check value for "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('builds exactly the published payload for the same UEN, name, amount, reference and expiry', () => {
    expect(
      payNowPayload({
        uen: '201101550Z',
        merchantName: 'Qryptal',
        amountCents: 5000,
        reference: 'AJ',
        expiresOn: '20201127',
      }),
    ).toBe(PUBLISHED_WITH_EXPIRY);
  });

  it('reads published payloads back', () => {
    expect(parsePayNowPayload(PUBLISHED_WITH_EXPIRY)).toMatchObject({
      initiation: 'dynamic',
      proxyType: '2',
      proxyValue: '201101550Z',
      amountEditable: false,
      expiresOn: '20201127',
      amountCents: 5000,
      currency: '702',
      merchantName: 'Qryptal',
      merchantCity: 'Singapore',
      reference: 'AJ',
    });
    const plain = parsePayNowPayload(PUBLISHED_PLAIN);
    expect(plain).toMatchObject({ proxyValue: '201207337D', amountCents: 1000, reference: '' });
    expect(plain.expiresOn).toBeUndefined();
  });

  it('round-trips a booking: amount, reference, a Singapore expiry day, the name cut to 25 characters', () => {
    const data = payNowPayload({
      uen: '201912345k',
      merchantName: 'Health Screening Singapore Pte Ltd',
      amountCents: 13952,
      reference: 'HS2505-0607-1234',
      // 17:00 UTC is 01:00 the next day in Singapore.
      expiresOn: new Date('2025-05-31T17:00:00Z'),
    });
    expect(data.startsWith('000201010212')).toBe(true);
    expect(parsePayNowPayload(data)).toMatchObject({
      proxyValue: '201912345K',
      amountCents: 13952,
      reference: 'HS2505-0607-1234',
      expiresOn: '20250601',
      merchantName: 'Health Screening Singapor',
    });
    expect(parsePayNowPayload(data).fields['54']).toBe('139.52');
    // A second before Singapore's midnight is still the day before there.
    const lastSecond = payNowPayload({
      uen: '201912345K',
      merchantName: 'Health Screening',
      amountCents: 100,
      reference: 'HS1',
      expiresOn: new Date('2025-05-31T15:59:59Z'),
    });
    expect(parsePayNowPayload(lastSecond).expiresOn).toBe('20250531');
  });

  it('refuses a payload whose CRC does not match, that is cut short, or that is not PayNow', () => {
    const altered = PUBLISHED_WITH_EXPIRY.replace('540550.00', '540560.00');
    expect(() => parsePayNowPayload(altered)).toThrow(/CRC mismatch/);
    expect(() => parsePayNowPayload(PUBLISHED_WITH_EXPIRY.slice(0, 40))).toThrow();
    const body = '000201010212260800040000520400005303702' + '6304';
    expect(() => parsePayNowPayload(body + crc16CcittFalse(body))).toThrow(/SG.PAYNOW/);
  });

  it('refuses what it cannot encode', () => {
    const ok = { uen: '201101550Z', merchantName: 'Qryptal', amountCents: 5000, reference: 'AJ' };
    expect(() => payNowPayload({ ...ok, amountCents: 0 })).toThrow(RangeError);
    expect(() => payNowPayload({ ...ok, amountCents: 12.5 })).toThrow(RangeError);
    expect(() => payNowPayload({ ...ok, reference: 'R'.repeat(26) })).toThrow(RangeError);
    expect(() => payNowPayload({ ...ok, reference: 'Réf' })).toThrow(RangeError);
    expect(() => payNowPayload({ ...ok, uen: 'not a uen' })).toThrow(RangeError);
    expect(() => payNowPayload({ ...ok, expiresOn: '2020-11-27' })).toThrow(RangeError);
  });
});
