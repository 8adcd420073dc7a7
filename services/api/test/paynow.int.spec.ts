/**
 * PayNow (issue 48) through the api against the local fake Stripe server, driven by the official SDK:
 * a QR for the exact balance due, paid only on Stripe's signed webhook, once; forged and replayed
 * webhooks; one open QR per order under twenty concurrent requests; the webhook that never came,
 * found by the sweeper; a payment after the hold ran out (seats free: revived; seats gone: refunded).
 */
import { sweepPayNowIntents } from '@hs/commands';
import { parsePayNowPayload, stripeSignatureHeader } from '@hs/gateways';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET, meta, poll, usePayNowStack } from './paynow-fixture';

describe('PayNow: a QR for the balance due, paid on Stripe’s signed word, once', () => {
  const { f, booked, qr, stateOf, seatsOf, payments, paidByPayNow, refund, expire } = usePayNowStack();

  it('answers a QR of the exact balance with the reference; the signed webhook records the payment once, a replay nothing more', async () => {
    const order = await booked('wide');
    const res = await qr(order.id);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.amount).toBe(order.balanceDue);
    expect(data.expiresAt).toBe((await stateOf(order.id)).holdUntil);
    expect(data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const payload = parsePayNowPayload(data.qrData);
    expect(data.qrData.startsWith('000201')).toBe(true);
    expect(payload.amountCents).toBe(Math.round(Number(order.balanceDue) * 100));
    expect(payload.reference).toBe(order.referenceNumber);
    expect((await stateOf(order.id)).status).toBe('pending_payment');

    f.fake.pay(data.paymentIntentId);
    await expect.poll(async () => (await stateOf(order.id)).status, poll).toBe('paid');
    expect(await payments(order.id)).toEqual([
      expect.objectContaining({ method: 'paynow', amountCents: payload.amountCents }),
    ]);
    expect(await f.fake.replayLastWebhook()).toMatchObject({ status: 'delivered', lastStatus: 200 });
    await f.fake.webhooksSettled();
    expect(await payments(order.id)).toHaveLength(1);
    // Paid: nothing is left for a QR.
    expect((await qr(order.id)).statusCode).toBe(409);
  });

  it('an unsigned, forged or stale webhook gets 400 and records nothing', async () => {
    const order = await booked('wide');
    const intentId = (await qr(order.id)).json().data.paymentIntentId as string;
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: 12000,
          currency: 'sgd',
          status: 'succeeded',
          metadata: { registration_id: String(order.id), reference: order.referenceNumber },
        },
      },
    });
    const send = (signature?: string) =>
      f.api.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload: body,
      });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [
      undefined,
      stripeSignatureHeader(body, 'whsec_someone_else', now),
      stripeSignatureHeader(body, WEBHOOK_SECRET, now - 3600),
    ]) {
      const res = await send(signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(await payments(order.id)).toEqual([]);
    expect((await stateOf(order.id)).status).toBe('pending_payment');
  });

  it('twenty concurrent QR requests for one order leave one open intent, and all answer it', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await booked('wide');
      const answers = await Promise.all(Array.from({ length: 20 }, () => qr(order.id)));
      const ids = new Set(
        answers.map((a) => (a.statusCode === 201 ? a.json().data.paymentIntentId : a.body)),
      );
      expect(ids.size).toBe(1);
      const mine = f.fake
        .intents()
        .filter((i) => i.metadata.registration_id === String(order.id) && i.status !== 'canceled');
      expect(mine).toHaveLength(1);
      expect((await stateOf(order.id)).payNowIntentCount).toBe(1);
    }
  });

  it('refuses a cancelled or expired order with 409, and an unknown one with 404', async () => {
    const cancelled = await booked('wide');
    await f.api.app.inject({ method: 'POST', url: `/api/registrations/${cancelled.id}/cancel` });
    expect((await qr(cancelled.id)).statusCode).toBe(409);
    // the hold ran out and no sweeper has expired the order yet: no QR past the hold either
    const lapsed = await booked('wide');
    await expect
      .poll(async () => Date.parse((await stateOf(lapsed.id)).holdUntil!) < Date.now(), poll)
      .toBe(true);
    expect((await stateOf(lapsed.id)).status).toBe('pending_payment');
    expect((await qr(lapsed.id)).statusCode).toBe(409);
    const expired = await booked('wide');
    await expire(expired.id);
    const refused = await qr(expired.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This reservation has expired. Please book again.');
    expect((await qr(9_999_999)).statusCode).toBe(404);
  });

  it('a webhook that never came: the sweeper asks Stripe and records the payment once', async () => {
    const order = await booked('wide');
    const intentId = (await qr(order.id)).json().data.paymentIntentId as string;
    f.fake.dropWebhooks(1);
    f.fake.pay(intentId);
    await f.fake.webhooksSettled();
    expect((await stateOf(order.id)).status).toBe('pending_payment');
    const sweep = () =>
      sweepPayNowIntents(f.api.db.sql, f.gateway, { staleMs: 0, lookbackHours: 1, now: new Date(), meta });
    expect((await sweep()).errors).toEqual([]);
    expect((await stateOf(order.id)).status).toBe('paid');
    await sweep();
    expect(await payments(order.id)).toHaveLength(1);
  });

  it('when the hold runs out the sweeper cancels the QR at Stripe', async () => {
    const order = await booked('wide');
    const intentId = (await qr(order.id)).json().data.paymentIntentId as string;
    await expire(order.id);
    await sweepPayNowIntents(f.api.db.sql, f.gateway, {
      staleMs: 60_000,
      lookbackHours: 1,
      now: new Date(),
      meta,
    });
    expect(f.fake.intents().find((i) => i.id === intentId)?.status).toBe('canceled');
    expect((await stateOf(order.id)).payNowIntent).toBeNull();
  });

  it('paid after the hold ran out: seats still free are taken back and the order is paid', async () => {
    const order = await booked('one');
    const intentId = (await qr(order.id)).json().data.paymentIntentId as string;
    await expire(order.id);
    expect(await seatsOf(f.slots.one)).toBe(0);
    f.fake.pay(intentId);
    await expect.poll(async () => (await stateOf(order.id)).status, poll).toBe('paid');
    expect(await seatsOf(f.slots.one)).toBe(1);
  });

  it('paid after the hold ran out and the seat was taken: refunded in full at once, no seat taken', async () => {
    const first = await booked('gone');
    const intentId = (await qr(first.id)).json().data.paymentIntentId as string;
    await expire(first.id);
    await booked('gone'); // someone else takes the only seat
    f.fake.pay(intentId);
    await expect
      .poll(async () => (await stateOf(first.id)).voidedCharges.map((v) => v.transactionId), poll)
      .toEqual([intentId]);
    const state = await stateOf(first.id);
    expect(state.status).toBe('expired');
    expect(state.paidCents).toBe(0);
    expect(await seatsOf(f.slots.gone)).toBe(1);
    const refunds = f.fake.refunds().filter((r) => r.payment_intent === intentId);
    expect(refunds.map((r) => r.amount)).toEqual([Math.round(Number(first.balanceDue) * 100)]);
  });

  it('a partial refund of a PayNow payment goes back through Stripe and is recorded when Stripe says it succeeded', async () => {
    const order = await paidByPayNow();
    const res = await refund(order.id, { amount: '20.00', reason: 'One test not done' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: '20.00', status: 'succeeded' });
    const stripeRefunds = f.fake.refunds().filter((r) => r.payment_intent === order.intentId);
    expect(stripeRefunds.map((r) => [r.amount, r.status])).toEqual([[2000, 'succeeded']]);
    const state = await stateOf(order.id);
    expect(state.refundedCents).toBe(2000);
    expect(state.refunds.map((r) => r.gatewayTransactionId)).toEqual([stripeRefunds[0]!.id]);
    expect(state.pendingRefunds).toEqual([]);
  });

  it('a PayNow refund that fails at Stripe is recorded as failed, frees its reservation, and nothing counts as refunded', async () => {
    const order = await paidByPayNow();
    f.fake.failNextRefund('declined');
    const res = await refund(order.id, { amount: '10.00', reason: 'Goodwill' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('did not go through');
    const state = await stateOf(order.id);
    expect(state.refundedCents).toBe(0);
    expect(state.pendingRefunds).toEqual([]);
    expect(state.failedRefunds.map((f) => f.failure)).toEqual(['refused']);
    // The reservation is free: the whole payment can still be given back.
    expect((await refund(order.id, { reason: 'Second try' })).json().data).toMatchObject({
      amount: order.balanceDue,
    });
  });

  it('a refund whose webhooks never came is ended by the sweeper, once', async () => {
    const order = await paidByPayNow();
    f.fake.dropWebhooks(2); // refund.updated and charge.refund.updated
    const res = await refund(order.id, { amount: '5.00', reason: 'Lost webhook' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', amount: '5.00' });
    expect((await stateOf(order.id)).pendingRefunds).toHaveLength(1);
    const sweep = (now = new Date()) =>
      sweepPayNowIntents(f.api.db.sql, f.gateway, { staleMs: 0, lookbackHours: 1, now, meta });
    // Seen 21 hours on, past Stripe's idempotency window: not asked again (it could refund twice), named for staff.
    const late = await sweep(new Date(Date.now() + 21 * 3_600_000));
    expect(late.refunds).toBe(0);
    expect(late.stuckRefunds).toEqual([
      expect.objectContaining({ registrationId: order.id, amountCents: 500 }),
    ]);
    expect((await stateOf(order.id)).pendingRefunds).toHaveLength(1);
    expect((await sweep()).refunds).toBe(1);
    expect((await sweep()).refunds).toBe(0);
    const state = await stateOf(order.id);
    expect(state.refundedCents).toBe(500);
    expect(f.fake.refunds().filter((r) => r.payment_intent === order.intentId)).toHaveLength(1);
  });

  it('a customer who cancels more than 24 hours ahead gets the PayNow payment back automatically', async () => {
    const order = await paidByPayNow();
    const res = await f.api.app.inject({ method: 'POST', url: `/api/registrations/${order.id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await stateOf(order.id)).refundedCents, poll).toBe(order.cents);
    expect(
      f.fake
        .refunds()
        .filter((r) => r.payment_intent === order.intentId)
        .map((r) => r.amount),
    ).toEqual([order.cents]);
  });

  it('staff can turn PayNow off and on (audited): off, no new QR is made and the methods say so; the keys show masked', async () => {
    const put = (enabled: boolean) =>
      f.api.asAdmin({ method: 'PUT', url: '/api/admin/payments/paynow', payload: { enabled } });
    const shown = (await f.api.asAdmin({ method: 'GET', url: '/api/admin/payments/paynow' })).json().data;
    expect(shown).toMatchObject({ offered: true, configured: true, mode: 'test', fakeServer: true });
    expect(shown.secretKey).not.toContain('sk_test');
    expect(shown.secretKey.endsWith('ynow')).toBe(true);
    expect((await put(false)).json().data).toMatchObject({ offered: false, switchedOn: false });
    expect((await f.api.app.inject('/api/payments/methods')).json().data.paynow).toBe(false);
    const order = await booked('wide');
    expect((await qr(order.id)).statusCode).toBe(404);
    expect((await put(true)).json().data.offered).toBe(true);
    expect((await qr(order.id)).statusCode).toBe(201);
    const audit = await f.api.db.sql<{ after: { enabled: boolean } }[]>`
      select after from audit_log where entity = 'system_setting' and entity_id = 'paynow_enabled' order by id`;
    expect(audit.map((a) => a.after.enabled)).toEqual([false, true]);
  });

  it('paid by card while a QR is open: the sweeper cancels the QR, and a QR payment that won the race is given back whole', async () => {
    const payByCard = (order: { id: number; balanceDue: string }) =>
      f.api.app.inject({
        method: 'POST',
        url: '/api/payments/process',
        payload: { registrationId: order.id, nonce: 'fake-valid-nonce', amount: order.balanceDue },
      });
    const raced = await booked('wide');
    const racedIntent = (await qr(raced.id)).json().data.paymentIntentId as string;
    expect((await payByCard(raced)).statusCode).toBe(200);
    f.fake.pay(racedIntent); // the customer also scanned the QR
    await expect
      .poll(async () => (await stateOf(raced.id)).voidedCharges.map((v) => v.transactionId), poll)
      .toEqual([racedIntent]);
    const state = await stateOf(raced.id);
    expect(state.paidCents).toBe(Math.round(Number(raced.balanceDue) * 100));
    expect(await payments(raced.id)).toEqual([
      expect.objectContaining({ method: expect.stringContaining('card') }),
    ]);
    expect(
      f.fake
        .refunds()
        .filter((r) => r.payment_intent === racedIntent)
        .map((r) => r.amount),
    ).toEqual([state.paidCents]);

    const swept = await booked('wide');
    const sweptIntent = (await qr(swept.id)).json().data.paymentIntentId as string;
    expect((await payByCard(swept)).statusCode).toBe(200);
    await sweepPayNowIntents(f.api.db.sql, f.gateway, {
      staleMs: 60_000,
      lookbackHours: 1,
      now: new Date(),
      meta,
    });
    expect(f.fake.intents().find((i) => i.id === sweptIntent)?.status).toBe('canceled');
    expect((await stateOf(swept.id)).payNowIntent).toBeNull();
  });

  it('a payment of an intent the order never opened (another deployment’s, same order id) records nothing', async () => {
    const order = await booked('wide');
    const stranger = await f.gateway.createIntent({
      amountCents: 100,
      registrationId: order.id,
      reference: 'ELSEWHERE',
      idempotencyKey: `stranger-${order.id}`,
    });
    f.fake.pay(stranger.id);
    await f.fake.webhooksSettled();
    expect(await payments(order.id)).toEqual([]);
    expect((await stateOf(order.id)).voidedCharges).toEqual([]);
  });
});
