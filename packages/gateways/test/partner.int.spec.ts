import { partnerDataToHandoff } from '@hs/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpPartnerClient,
  DEMO_PARTNER_BOOKINGS,
  type FakePartnerServer,
  type PartnerClient,
  PartnerRejectedError,
  PartnerUnavailableError,
  startFakePartnerServer,
} from '../src';

describe('HTTP partner client against the fake partner server', () => {
  let server: FakePartnerServer;
  let client: PartnerClient;

  beforeAll(async () => {
    server = await startFakePartnerServer({ apiKey: 'partner-secret' });
    client = createHttpPartnerClient({
      baseUrl: `${server.url}/`,
      apiKey: 'partner-secret',
      timeoutMs: 500,
      retries: 2,
      backoffMs: 5,
    });
  });
  afterEach(() => {
    server.failNext(0);
    server.setDelay(0);
  });
  afterAll(() => server.close());

  it('fetches the patient data of a known code in the partner shape', async () => {
    const data = await client.getBooking('100000000001');
    expect(data).toEqual(DEMO_PARTNER_BOOKINGS['100000000001']);
    expect(partnerDataToHandoff('100000000001', data!)).toMatchObject({
      firstName: 'Wong',
      lastName: 'Kai Xiang',
      identificationNumber: 'S9012345I',
      isPaidInWhiteCoat: true,
      whiteCoatPaidCents: 13952,
    });
  });

  it('the partly paid and unpaid codes carry what the partner says', async () => {
    const partly = await client.getBooking('100000000002');
    expect(partnerDataToHandoff('100000000002', partly!).whiteCoatPaidCents).toBe(5000);
    const unpaid = await client.getBooking('100000000003');
    expect(partnerDataToHandoff('100000000003', unpaid!)).toMatchObject({
      isPaidInWhiteCoat: false,
      whiteCoatPaidCents: 0,
    });
  });

  it('an unknown code is null; a malformed one is null without a call', async () => {
    expect(await client.getBooking('999999999999')).toBeNull();
    const before = server.requests;
    expect(await client.getBooking('12345')).toBeNull();
    expect(await client.getBooking('../admin')).toBeNull();
    expect(server.requests).toBe(before);
  });

  it('retries a failing partner and succeeds when it recovers', async () => {
    server.failNext(2, 503);
    const before = server.requests;
    expect(await client.getBooking('100000000002')).not.toBeNull();
    expect(server.requests - before).toBe(3);
  });

  it('gives up after the retries with PartnerUnavailableError', async () => {
    server.failNext(10, 502);
    const before = server.requests;
    await expect(client.getBooking('100000000001')).rejects.toBeInstanceOf(PartnerUnavailableError);
    expect(server.requests - before).toBe(3);
  });

  it('a time-out is retried, then PartnerUnavailableError', async () => {
    server.setDelay(800);
    const started = Date.now();
    await expect(client.getBooking('100000000001')).rejects.toBeInstanceOf(PartnerUnavailableError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('a partner that is not listening is unavailable', async () => {
    const down = createHttpPartnerClient({ baseUrl: 'http://127.0.0.1:1', retries: 1, backoffMs: 1 });
    await expect(down.getBooking('100000000001')).rejects.toBeInstanceOf(PartnerUnavailableError);
  });

  it('a wrong API key is unavailable, not retried', async () => {
    const wrong = createHttpPartnerClient({ baseUrl: server.url, apiKey: 'nope', retries: 3, backoffMs: 1 });
    const before = server.requests;
    await expect(wrong.getBooking('100000000001')).rejects.toBeInstanceOf(PartnerUnavailableError);
    expect(server.requests - before).toBe(1);
  });

  it('confirms a booking once; the same reference again is idempotent, another is refused', async () => {
    const confirmation = { referenceNumber: 'HS2505-0607-1234', registrationId: 'reg-1', paidCents: 0 };
    server.failNext(1, 500);
    await client.confirmBooking('100000000001', confirmation);
    await client.confirmBooking('100000000001', confirmation);
    expect(server.confirmations).toEqual([{ code: '100000000001', ...confirmation }]);
    const error = await client
      .confirmBooking('100000000001', { ...confirmation, referenceNumber: 'HS2505-0607-9999' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerRejectedError);
    expect((error as PartnerRejectedError).status).toBe(409);
  });

  it('sends a cancellation notice once per code and reference, retried through an outage', async () => {
    const cancellation = { referenceNumber: 'HS2505-0607-1234', registrationId: 'reg-1' };
    server.failNext(1, 503);
    await client.cancelBooking('100000000002', cancellation);
    await client.cancelBooking('100000000002', cancellation);
    expect(server.cancellations).toEqual([{ code: '100000000002', ...cancellation }]);
    const error = await client.cancelBooking('999999999999', cancellation).catch((e: unknown) => e);
    expect((error as PartnerRejectedError).status).toBe(404);
  });

  it('confirming an unknown code is refused (404), not retried', async () => {
    const before = server.requests;
    const error = await client
      .confirmBooking('999999999999', { referenceNumber: 'R', registrationId: 'x', paidCents: 0 })
      .catch((e: unknown) => e);
    expect((error as PartnerRejectedError).status).toBe(404);
    expect(server.requests - before).toBe(1);
  });

  it('drops unexpected fields and types from the partner answer', async () => {
    const odd = await startFakePartnerServer({
      bookings: {
        '123456789012': {
          name: 'Odd Case',
          nric: 12 as unknown as string,
          packageInfo: { amount: { x: 1 } as unknown as string, isPaid: 'yes' as unknown as boolean },
          secret: 'x',
        } as never,
      },
    });
    try {
      const c = createHttpPartnerClient({ baseUrl: odd.url });
      expect(await c.getBooking('123456789012')).toEqual({
        name: 'Odd Case',
        email: null,
        nric: '12',
        dateOfBirth: null,
        contact: null,
        address: null,
        packageInfo: { amount: null, isPaid: null },
      });
    } finally {
      await odd.close();
    }
  });
});
