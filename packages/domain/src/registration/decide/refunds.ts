/**
 * A refund is asked of the gateway first (RequestRefund reserves its amount), then recorded or failed
 * on the gateway's answer; each step takes the caller's refund id, so a retry is harmless.
 */
import { type Decision, domainError } from '../../decider';
import type { RecordRefundCommand, RecordRefundFailedCommand, RequestRefundCommand } from '../commands';
import type { RegistrationEvent } from '../events';
import { REGISTRATION_MESSAGES } from '../messages';
import { availableRefundCents, refundSale } from '../refunds';
import type { RegistrationState } from '../state';
import { existing } from './refusals';

const isRefundAmount = (cents: number) => Number.isSafeInteger(cents) && cents > 0;
/** Requested, recorded or failed: a refund id already used on this order. */
const isKnownRefund = (state: RegistrationState, refundId: string) =>
  [state.pendingRefunds, state.refunds, state.failedRefunds].some((list) =>
    list.some((r) => r.refundId === refundId),
  );

export function requestRefund(
  state: RegistrationState,
  command: RequestRefundCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  // the same request again (a replay, or a concurrent twin): the caller waits for its answer
  if (isKnownRefund(state, command.refundId)) return [];
  if (command.amountCents !== undefined && !isRefundAmount(command.amountCents)) {
    return domainError('INVALID', REGISTRATION_MESSAGES.badRefund);
  }
  const available = availableRefundCents(state);
  if (available === 0) return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.nothingToRefund);
  const amountCents = command.amountCents ?? available;
  if (amountCents > available) {
    return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.refundExceedsPaid);
  }
  const transactionId = refundSale(state, amountCents);
  if (transactionId === null) {
    return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.refundSpansPayments);
  }
  return [
    {
      type: 'RefundRequested',
      data: {
        refundId: command.refundId,
        amountCents,
        transactionId,
        reason: command.reason,
        at: command.at,
      },
    },
  ];
}

export function recordRefund(
  state: RegistrationState,
  command: RecordRefundCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  // the caller's retry of a refund already recorded
  if (state.refunds.some((r) => r.refundId === command.refundId)) return [];
  if (!isRefundAmount(command.amountCents)) {
    return domainError('INVALID', REGISTRATION_MESSAGES.badRefund);
  }
  // its own request's reservation is what it may take
  const request = state.pendingRefunds.find((r) => r.refundId === command.refundId);
  const reserved = request?.amountCents ?? 0;
  if (command.amountCents > availableRefundCents(state) + reserved) {
    return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.refundExceedsPaid);
  }
  return [
    {
      type: 'RefundRecorded',
      data: {
        refundId: command.refundId,
        amountCents: command.amountCents,
        kind: command.kind,
        gatewayTransactionId: command.gatewayTransactionId,
        reason: command.reason,
        refundedCents: state.refundedCents + command.amountCents,
        // the sale's gateway; one recorded without a request is a card refund (as before PayNow)
        gateway:
          state.cardPayments.find((p) => p.transactionId === request?.transactionId)?.gateway ?? 'card',
        at: command.at,
      },
    },
  ];
}

export function recordRefundFailed(
  state: RegistrationState,
  command: RecordRefundFailedCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  if (state.refunds.some((r) => r.refundId === command.refundId)) return [];
  if (state.failedRefunds.some((r) => r.refundId === command.refundId)) return [];
  const request = state.pendingRefunds.find((r) => r.refundId === command.refundId);
  if (!request) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.refundNotRequested);
  return [
    {
      type: 'RefundFailed',
      data: {
        refundId: request.refundId,
        amountCents: request.amountCents,
        transactionId: request.transactionId,
        failure: command.failure,
        reason: command.reason,
        at: command.at,
      },
    },
  ];
}
