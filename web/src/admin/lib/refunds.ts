import { formatSGD, parseMoney, toMoneyString } from '@hs/domain';
import type { AdminOrder, AdminRefund } from '@hs/contracts';
import { type ApiEnvelope, api } from '../../lib/api';
import { ADMIN_PATHS } from './admin-api';

export const REFUND_MESSAGES = {
  amountInvalid: 'Enter an amount in dollars, e.g. 12.50.',
  amountZero: 'The amount must be more than S$0.00.',
  amountTooMuch: (max: string) => `The amount can be at most ${max}, what was paid and not yet refunded.`,
  reasonRequired: 'Enter a reason.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  succeeded: 'Refund issued',
  cancelReason: 'Order cancelled by staff',
} as const;

const REASON_MAX = 500;

/**
 * What can still be refunded to the card, in cents, as the server says (issue 45): paid by card and
 * not refunded; a partner's or the desk's payment is never in it.
 */
export function refundableCents(order: Pick<AdminOrder, 'refundable'>): number {
  return Math.max(0, parseMoney(order.refundable) ?? 0);
}

export interface RefundForm {
  amount: string;
  reason: string;
}

export type RefundFormErrors = Partial<Record<keyof RefundForm, string>>;

/** The form's problems (empty when it can be sent); `maxCents` is the refundable part. */
export function checkRefundForm(form: RefundForm, maxCents: number): RefundFormErrors {
  const errors: RefundFormErrors = {};
  const cents = parseMoney(form.amount);
  if (cents === null || cents < 0) errors.amount = REFUND_MESSAGES.amountInvalid;
  else if (cents === 0) errors.amount = REFUND_MESSAGES.amountZero;
  else if (cents > maxCents) errors.amount = REFUND_MESSAGES.amountTooMuch(formatSGD(maxCents));
  const reason = form.reason.trim();
  if (!reason) errors.reason = REFUND_MESSAGES.reasonRequired;
  else if (reason.length > REASON_MAX) errors.reason = REFUND_MESSAGES.reasonTooLong;
  return errors;
}

/**
 * POST /api/admin/registrations/{id}/refunds. The Idempotency-Key makes a resend of the same refund
 * (a retry after a lost answer) answer the first refund instead of refunding twice.
 */
export async function postRefund(
  orderId: number,
  refund: { amountCents: number; reason: string },
  idempotencyKey: string,
): Promise<AdminRefund> {
  const answer = await api.post<ApiEnvelope<AdminRefund>>(
    `${ADMIN_PATHS.orders}/${orderId}/refunds`,
    { amount: toMoneyString(refund.amountCents), reason: refund.reason.trim() },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return answer.data;
}
