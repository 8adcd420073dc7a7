/** Admin status changes decided on the order's money and seats (issue 45). */
import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_STATUSES,
  type RegistrationEvent,
  type StatusChangeView,
  adminStatusChange,
  describeAdminStatusChange,
  outstandingCents,
  registrationDecider,
  seatsHeld,
  STATUS_CHANGE_MESSAGES,
  STATUS_MESSAGES,
} from '../src';
import { fold, spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const view = (over: Partial<StatusChangeView> = {}): StatusChangeView => ({
  status: 'paid',
  participants: 1,
  balanceDueCents: 45293,
  paidCents: 45293,
  cardPaidCents: 45293,
  refundedCents: 0,
  reinstatedCents: 0,
  pendingRefunds: 0,
  ...over,
});
const paid = (amountCents: number): RegistrationEvent => ({
  type: 'PaymentRecorded',
  data: { transactionId: 'tx-1', amountCents, method: 'card', balanceDueCents: 0, at },
});
const refunded = (amountCents: number): RegistrationEvent => ({
  type: 'RefundRecorded',
  data: {
    refundId: 'r-1',
    amountCents,
    kind: 'refund',
    gatewayTransactionId: 'gw-r-1',
    reason: 'cancelled',
    refundedCents: amountCents,
    at,
  },
});
const cancelled: RegistrationEvent = {
  type: 'RegistrationCancelled',
  data: { from: 'paid', source: 'admin', at },
};

describe('the admin status transition table', () => {
  // Every status pair: confirmed and canceled from any other status; nothing else; an expired order
  // cannot be confirmed (it holds no seats); a revived one waits for a refund in flight.
  it.each(REGISTRATION_STATUSES.flatMap((from) => ['confirmed', 'canceled', 'paid'].map((to) => [from, to])))(
    'from %s to %s',
    (from, to) => {
      const change = adminStatusChange(view({ status: from as StatusChangeView['status'] }), to);
      const target = to === 'canceled' ? 'cancelled' : to;
      if (to === 'paid')
        expect(change).toEqual({ ok: false, message: STATUS_MESSAGES.adminTargetNotAllowed });
      else if (from === target)
        expect(change).toMatchObject({ ok: false, message: `Registration is already ${to}` });
      else if (from === 'expired' && to === 'confirmed')
        expect(change).toEqual({ ok: false, message: STATUS_MESSAGES.expiredCannotBeConfirmed });
      else expect(change).toMatchObject({ ok: true, to: target });
    },
  );

  it('refuses to confirm a cancelled order while its refund is in flight', () => {
    expect(adminStatusChange(view({ status: 'cancelled', pendingRefunds: 1 }), 'confirmed')).toEqual({
      ok: false,
      message: STATUS_CHANGE_MESSAGES.refundInProgress,
    });
  });
});

describe('what a change does to seats and money', () => {
  it('confirming a cancelled, refunded order takes its seats again and leaves the refund to pay', () => {
    const v = view({ status: 'cancelled', refundedCents: 45293 });
    const change = adminStatusChange(v, 'confirmed');
    expect(change).toMatchObject({
      ok: true,
      seatsTaken: 1,
      owedAgainCents: 45293,
      outstandingAfterCents: 45293,
    });
    if (!change.ok) throw new Error('refused');
    expect(describeAdminStatusChange(v, change, 9)).toBe(
      'This order was cancelled and refunded S$452.93. Confirming it takes 1 seat again (9 left) and leaves S$452.93 to pay.',
    );
  });

  it('confirming a cancelled order that kept its payment leaves nothing to pay', () => {
    const v = view({ status: 'cancelled', participants: 2 });
    const change = adminStatusChange(v, 'confirmed');
    if (!change.ok) throw new Error('refused');
    expect(change).toMatchObject({ seatsTaken: 2, owedAgainCents: 0, outstandingAfterCents: 0 });
    expect(describeAdminStatusChange(v, change, null)).toBe(
      'This order was cancelled. Confirming it takes 2 seats again and leaves nothing to pay.',
    );
  });

  it('cancelling frees the seats and says a payment is not given back by it', () => {
    const v = view({ participants: 3, refundedCents: 293 });
    const change = adminStatusChange(v, 'canceled');
    if (!change.ok) throw new Error('refused');
    expect(change).toMatchObject({ seatsFreed: 3, seatsTaken: 0, keptCents: 45000 });
    expect(describeAdminStatusChange(v, change, 20)).toBe(
      'Cancelling it frees 3 seats (20 left). S$450.00 was paid by card: cancelling alone does not give it back.',
    );
  });

  it('a payment by the partner or at the desk is not offered to Refund… (only card payments are)', () => {
    const v = view({ participants: 1, cardPaidCents: 10000 });
    const change = adminStatusChange(v, 'canceled');
    if (!change.ok) throw new Error('refused');
    expect(change.keptCents).toBe(10000);
    const partnerPaid = adminStatusChange(view({ cardPaidCents: 0 }), 'canceled');
    if (!partnerPaid.ok) throw new Error('refused');
    expect(partnerPaid.keptCents).toBe(0);
    expect(describeAdminStatusChange(view({ cardPaidCents: 0 }), partnerPaid, null)).toBe(
      'Cancelling it frees 1 seat.',
    );
  });

  it('confirming a paid order refunded in full makes the refund owed again; a partial goodwill refund stays given', () => {
    const all = view({ refundedCents: 45293 });
    const change = adminStatusChange(all, 'confirmed');
    if (!change.ok) throw new Error('refused');
    expect(change).toMatchObject({ seatsTaken: 0, owedAgainCents: 45293, outstandingAfterCents: 45293 });
    expect(describeAdminStatusChange(all, change, null)).toBe(
      'This order was refunded S$452.93. Confirming it leaves S$452.93 to pay.',
    );
    const part = adminStatusChange(view({ refundedCents: 2000 }), 'confirmed');
    if (!part.ok) throw new Error('refused');
    expect(part).toMatchObject({ owedAgainCents: 0, outstandingAfterCents: 0 });
    // a refund still with the gateway decides it: wait for it
    expect(adminStatusChange(view({ refundedCents: 45293, pendingRefunds: 1 }), 'confirmed')).toMatchObject({
      ok: false,
    });
  });

  it('confirming an order awaiting payment takes no seat and shows what is owed', () => {
    const v = view({ status: 'pending_payment', paidCents: 0 });
    const change = adminStatusChange(v, 'confirmed');
    if (!change.ok) throw new Error('refused');
    expect(describeAdminStatusChange(v, change, 4)).toBe('Confirming it leaves S$452.93 to pay.');
  });
});

describe('the decider (given-when-then)', () => {
  const order = booked([person('p1', { isPrimary: true })]);
  const total = (fold(registrationDecider, order).pricing?.balanceDueCents ?? 0) as number;
  const refundedOrder = [...order, paid(total), cancelled, refunded(total)];

  it('records what is owed again on the StatusChanged, and the order then owes it', () => {
    const state = given(refundedOrder)
      .when({ type: 'ChangeStatusByAdmin', status: 'confirmed', at })
      .thenEvents([
        {
          type: 'StatusChanged',
          data: { from: 'cancelled', to: 'confirmed', source: 'admin', at, reinstatedCents: total },
        },
      ]);
    expect(outstandingCents(state)).toBe(total);
    expect(seatsHeld(state)).toBe(1);
  });

  it('owes a refund again once only: cancelled and confirmed again, it still owes the same', () => {
    const first = given(refundedOrder).when({ type: 'ChangeStatusByAdmin', status: 'confirmed', at });
    const again = [...refundedOrder, ...(first.result as RegistrationEvent[]), cancelled];
    const state = given(again)
      .when({ type: 'ChangeStatusByAdmin', status: 'confirmed', at })
      .thenEvents([
        { type: 'StatusChanged', data: { from: 'cancelled', to: 'confirmed', source: 'admin', at } },
      ]);
    expect(outstandingCents(state)).toBe(total);
    // Paying it settles the order.
    expect(outstandingCents(fold(registrationDecider, [paid(total)], state))).toBe(0);
  });

  it('leaves an order confirmed from awaiting payment without a new field', () => {
    given(order)
      .when({ type: 'ChangeStatusByAdmin', status: 'confirmed', at })
      .thenEvents([
        { type: 'StatusChanged', data: { from: 'pending_payment', to: 'confirmed', source: 'admin', at } },
      ]);
  });
});
