/**
 * What a public cancel refunds (issue 21): the domain's policy applied to the appointment's start
 * (its slot's Singapore day and time) and the REFUND_CUTOFF_HOURS setting.
 */
import {
  type CancellationRefund,
  type RegistrationState,
  cancellationRefund,
  publicCancelTransition,
  refundableCents,
  toMoneyString,
} from '@hs/domain';

/**
 * What cancelling now would refund. An order already cancelled refunds nothing more; a slot that is
 * gone counts as starting now (staff review, not an automatic refund).
 */
export function cancellationRefundNow(
  state: RegistrationState,
  start: Date | null,
  cutoffHours: number,
  now: Date = new Date(),
): CancellationRefund {
  if (!state.status || !publicCancelTransition(state.status).ok) return { kind: 'none' };
  return cancellationRefund(state, start ?? now, now, cutoffHours);
}

/** The lookup's `cancellationRefund`: the kind, and what it is about (the card-paid part not yet refunded). */
export function cancellationRefundView(policy: CancellationRefund, state: RegistrationState) {
  const cents =
    policy.kind === 'automatic' ? policy.amountCents : policy.kind === 'review' ? refundableCents(state) : 0;
  return { kind: policy.kind, amount: toMoneyString(cents) };
}
