import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { createFakeMemberVerifier, createFakePartnerClient, createTestPaymentGateway } from '@hs/gateways';
import { projections } from '@hs/read-models';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

/**
 * Fastify's serializer drops every property a response schema does not list, so a schema missing a
 * field silently removes it from the wire. These are the exact field sets of the booking, participant
 * and partner answers (spec sections 3 and 7): a field the schema loses, or one that appears unlisted,
 * fails here.
 */

// Section 3's Participant, without the identification number, date of birth and member id (the
// reference number is the only secret guarding these calls).
const PARTICIPANT = [
  'id',
  'registrationId',
  'firstName',
  'lastName',
  'gender',
  'email',
  'mobileNumber',
  'packageId',
  'packageName',
  'packagePrice',
  'originalPrice',
  'discountAmount',
  'isAiaMember',
  'isPrimary',
];

// Section 3's Registration as the lookup answers it: the entity's fields (without the personal ones:
// gender, identificationNumber, dateOfBirth, mobileNumber, postalCode, unitNumber, address,
// medicalConditions, aiaMemberId, invoice), the fields "API responses also carry", the lookup
// variants, what the confirmation page reads (balanceDue, participants, confirmationEmailSent), and
// the refunds and payment hold.
const LOOKUP = [
  'id',
  'eventId',
  'timeslotId',
  'packageId',
  'firstName',
  'lastName',
  'email',
  'region',
  'isAiaMember',
  'discountCodeId',
  'status',
  'referenceNumber',
  'reference_number',
  'paymentMethod',
  'totalAmount',
  'discountAmount',
  'aiaDiscountAmount',
  'wcBookingCode',
  'isPaidInApp',
  'totalPaidInApp',
  'paidTransactionId',
  'cancelledAt',
  'createdAt',
  'updatedAt',
  'eventName',
  'packageName',
  'packagePrice',
  'timeslotDate',
  'timeslotTime',
  'location',
  'total',
  'total_amount',
  'whiteCoatPaidAmount',
  'total_paid_in_app',
  'is_paid_in_app',
  'is_from_whitecoat',
  'wc_booking_code',
  'transactionId',
  'balanceDue',
  'participants',
  'confirmationEmailSent',
  // the money after the booking (issue 21)
  'refundedAmount',
  'holdUntil',
  'refunds',
  'refundReview',
  // what cancelling now would refund, for the cancel page (issue 21)
  'cancellationRefund',
  // the opaque check-in code the confirmation shows as a QR code (issue 23)
  'checkInToken',
  // where the appointment happens: its region's venue, else the event's (issue 46)
  'venue',
];

const QUOTE = [
  'participants',
  'participantCount',
  'volumeDiscountPercent',
  'baseTotal',
  'memberDiscount',
  'volumeDiscount',
  'subtotal',
  'discountAmount',
  'discountLabel',
  'gst',
  'total',
  'partnerPaid',
  'balanceDue',
];
const QUOTE_LINE = [
  'name',
  'packageName',
  'basePrice',
  'appliedPrice',
  'memberPrice',
  'volumeDiscount',
  'lineTotal',
];
const PARTICIPANT_CHANGE = ['registrationId', 'participant', 'participants', 'totalAmount', 'position'];
const STATUS_CHANGE = ['id', 'status', 'position'];
// Section 3's server-side partner data, beside the code and the paid amount a booking will use.
const PARTNER_DATA = [
  'name',
  'email',
  'nric',
  'dateOfBirth',
  'contact',
  'address',
  'packageInfo',
  'bookingCode',
  'isPaidInWhiteCoat',
  'whiteCoatPaidAmount',
];
const PARTNER_RECORDED = ['id', 'bookingCode', 'whiteCoatPaidAmount', 'isPaidInWhiteCoat'];
const PARTNER_STATUS = [
  'bookingCode',
  'referenceNumber',
  'status',
  'totalAmount',
  'paidByPartner',
  'balanceDue',
  'cancelled',
];
const PARTNER_PAYMENT = ['referenceNumber', 'status', 'balanceDue'];

const keys = (value: unknown) => Object.keys(value as object).sort();
const sorted = (list: string[]) => [...list].sort();

describe('public answers: every field reaches the wire', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  const get = (url: string) => api.app.inject(url);
  const post = (url: string, payload?: object) => api.app.inject({ method: 'POST', url, payload });
  const mainFlow = (i: number, extra: object = {}) => ({
    eventId,
    packageId,
    timeslotId,
    ...person(i),
    ...extra,
  });
  async function book(body: object) {
    const res = await post('/api/registrations', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; reference_number: string; position: string };
  }
  async function lookup(reference: string, position?: string) {
    const url = `/api/registrations/lookup/${reference}${position ? `?position=${position}` : ''}`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown> & { participants: object[] };
  }
  /** The answer's envelope and the exact field set of its data. */
  function expectData(res: LightMyRequestResponse, fields: string[], status = 200) {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(keys(body.data)).toEqual(sorted(fields));
    return body;
  }

  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      {
        world: {
          payments: { test: createTestPaymentGateway(), live: createTestPaymentGateway() },
          partner: createFakePartnerClient(),
          memberVerifier: createFakeMemberVerifier(),
        },
      },
      { checkAnswers: true },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
    packageId = (
      await admin('/api/admin/packages', { name: 'Basic Health', price: '128', aiaPrice: '100' })
    ).json().data.id;
    eventId = (
      await admin('/api/admin/events', {
        name: 'Community Screening',
        slug: 'community',
        location: 'Bishan',
        packageIds: [packageId],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    timeslotId = (
      await admin(`/api/admin/events/${eventId}/timeslots`, { date, time: '10:00', maxAttendees: 50 })
    ).json().data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('the quote', async () => {
    const body = expectData(await post('/api/registrations/quote', mainFlow(1)), QUOTE);
    expect(keys(body.data.participants[0])).toEqual(sorted(QUOTE_LINE));
  });

  it('the lookup of a simple booking and of a card-paid one', async () => {
    const simple = await book({
      eventId,
      timeslotId,
      packageId,
      firstName: 'Old',
      lastName: 'Flow',
      gender: 'other',
      dateOfBirth: '1980-01-01',
      identificationNumber: 'S1234567D',
      mobileNumber: '91234567',
      email: 'old@example.com',
    });
    const order = await lookup(simple.reference_number, simple.position);
    expect(keys(order)).toEqual(sorted(LOOKUP));
    expect(keys(order.participants[0])).toEqual(sorted([...PARTICIPANT, 'name']));

    const card = await book(mainFlow(2));
    const paid = await post('/api/payments/process', {
      registrationId: card.id,
      nonce: 'fake-valid-nonce',
      amount: '139.52',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expect
      .poll(async () => (await lookup(card.reference_number)).status, { timeout: 10_000 })
      .toBe('paid');
    const after = await lookup(card.reference_number);
    expect(keys(after)).toEqual(sorted(LOOKUP));
    expect(after.transactionId).toBe(paid.json().transactionId);
  });

  it('the participant calls, and the lookup that lists them', async () => {
    const booked = await book(mainFlow(3));
    const ref = booked.reference_number;
    const added = expectData(
      await post('/api/participants', {
        registrationId: booked.id,
        referenceNumber: ref,
        firstName: 'Lim',
        lastName: 'Mei Ling',
        gender: 'Female',
        identificationNumber: 'S7654321F',
        dateOfBirth: '1976-11-02',
        isAiaMember: true,
        aiaMemberId: 'S7654321F',
        packageId,
      }),
      PARTICIPANT_CHANGE,
      201,
    );
    expect(keys(added.data.participant)).toEqual(sorted(PARTICIPANT));
    for (const p of added.data.participants) expect(keys(p)).toEqual(sorted(PARTICIPANT));
    const id = added.data.participant.id as string;

    const order = await lookup(ref, added.data.position);
    expect(order.participants).toHaveLength(2);
    for (const p of order.participants) expect(keys(p)).toEqual(sorted([...PARTICIPANT, 'name']));

    const put = (payload: object) =>
      api.app.inject({
        method: 'PUT',
        url: `/api/participants/${id}`,
        payload: { referenceNumber: ref, ...payload },
      });
    expectData(await put({ firstName: 'Limmy' }), PARTICIPANT_CHANGE);
    const primary = expectData(await put({ isPrimary: true }), PARTICIPANT_CHANGE);
    const removable = (primary.data.participants as { id: string; isPrimary: boolean }[]).find(
      (p) => !p.isPrimary,
    )!;
    const removed = expectData(
      await api.app.inject({
        method: 'DELETE',
        url: `/api/participants/${removable.id}?referenceNumber=${ref}`,
      }),
      PARTICIPANT_CHANGE,
    );
    expect(removed.data.participant).toBeNull();
  });

  it('cancel answers the status change', async () => {
    const booked = await book(mainFlow(4));
    const body = expectData(await post(`/api/registrations/${booked.id}/cancel`), STATUS_CHANGE);
    expect(body.message).toBe('Your appointment has been successfully cancelled.');
  });

  it('the partner link: patient data, the recorded code, the confirmation and the partner-paid lookup', async () => {
    const data = expectData(await get('/api/wc/100000000001'), PARTNER_DATA);
    expect(data.message).toEqual(expect.any(String));
    expect(keys(data.data.address)).toEqual(['postalCode', 'street', 'unitNumber']);
    expect(keys(data.data.packageInfo)).toEqual(['amount', 'isPaid']);
    expectData(await post('/api/wc/create-registration', { bookingCode: '100000000001' }), PARTNER_RECORDED);

    const booked = await book(
      mainFlow(5, {
        whiteCoatBookingCode: '100000000001',
        isFromWhiteCoat: true,
        whiteCoatPaidAmount: '0.00',
      }),
    );
    for (const path of [
      `/api/registrations/${booked.id}/confirm-wc-booking`,
      `/api/wc-confirm/${booked.id}`,
    ]) {
      const body = expectData(await post(path), STATUS_CHANGE);
      expect(body).toMatchObject({ message: 'Booking confirmed', data: { status: 'paid' } });
    }
    const order = await lookup(booked.reference_number, booked.position);
    expect(keys(order)).toEqual(sorted(LOOKUP));
    expect(order).toMatchObject({ is_from_whitecoat: true, whiteCoatPaidAmount: '139.52' });
  });

  it("the partner's API: a booking's status and a reported payment", async () => {
    await post('/api/wc/create-registration', { bookingCode: '100000000003' });
    await book(mainFlow(6, { whiteCoatBookingCode: '100000000003' }));
    const key = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/api-keys',
        payload: { description: 'WhiteCoat servers' },
      })
    ).json().data.key as string;
    const asPartner = (method: 'GET' | 'POST', url: string, payload?: object) =>
      api.app.inject({ method, url, payload, headers: { 'x-api-key': key } });
    expectData(await asPartner('GET', '/api/partner/bookings/100000000003'), PARTNER_STATUS);
    const paid = expectData(
      await asPartner('POST', '/api/partner/bookings/100000000003/payments', {
        transactionId: 'wc-tx-1',
        amount: '139.52',
      }),
      PARTNER_PAYMENT,
    );
    expect(paid.data).toMatchObject({ status: 'paid', balanceDue: '0.00' });
  });
});
