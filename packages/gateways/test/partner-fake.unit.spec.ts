import { isValidNricFin, PARTNER_CODE_PATTERN, partnerDataToHandoff } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import {
  createFakePartnerClient,
  DEMO_PARTNER_BOOKINGS,
  PartnerRejectedError,
  PartnerUnavailableError,
} from '../src';

describe('fake partner client and demo bookings', () => {
  it('demo codes are 12-16 digits with valid NRICs: one fully paid, one partly paid, one unpaid', () => {
    const entries = Object.entries(DEMO_PARTNER_BOOKINGS);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const [code, data] of entries) {
      expect(code).toMatch(PARTNER_CODE_PATTERN);
      expect(isValidNricFin(data.nric!)).toBe(true);
    }
    const paid = entries.map(([code, d]) => partnerDataToHandoff(code, d).whiteCoatPaidCents);
    expect(paid).toEqual([13952, 5000, 0]);
  });

  it('answers copies of its bookings, null for unknown codes', async () => {
    const client = createFakePartnerClient();
    const a = await client.getBooking('100000000001');
    a!.name = 'changed';
    expect((await client.getBooking('100000000001'))!.name).toBe('Wong Kai Xiang');
    expect(await client.getBooking('999999999999')).toBeNull();
    expect(await client.getBooking('constructor')).toBeNull();
    expect(client.lookups).toBe(4);
  });

  it('records confirmations once per code; another reference is a conflict; unknown code refused', async () => {
    const client = createFakePartnerClient();
    const c = { referenceNumber: 'HS1', registrationId: 'r1', paidCents: 0 };
    await client.confirmBooking('100000000001', c);
    await client.confirmBooking('100000000001', c);
    expect(client.confirmations).toEqual([{ code: '100000000001', ...c }]);
    await expect(
      client.confirmBooking('100000000001', { ...c, referenceNumber: 'HS2' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(client.confirmBooking('999999999999', c)).rejects.toBeInstanceOf(PartnerRejectedError);
  });

  it('records cancellation notices once per code and reference; unknown code refused', async () => {
    const client = createFakePartnerClient();
    const c = { referenceNumber: 'HS1', registrationId: 'r1' };
    await client.cancelBooking('100000000001', c);
    await client.cancelBooking('100000000001', c);
    expect(client.cancellations).toEqual([{ code: '100000000001', ...c }]);
    await expect(client.cancelBooking('999999999999', c)).rejects.toMatchObject({ status: 404 });
    client.setUnavailable(true);
    await expect(client.cancelBooking('100000000001', c)).rejects.toBeInstanceOf(PartnerUnavailableError);
  });

  it('can play a partner that is down', async () => {
    const client = createFakePartnerClient({});
    client.setUnavailable(true);
    await expect(client.getBooking('100000000001')).rejects.toBeInstanceOf(PartnerUnavailableError);
    client.setUnavailable(false);
    expect(await client.getBooking('100000000001')).toBeNull();
  });
});
