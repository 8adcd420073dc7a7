import { formatSGD, parseMoney, toMoneyString } from '@hs/domain';
import type { AdminOrder } from '@hs/contracts';
import { type FormEvent, useRef, useState } from 'react';
import * as Field from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { FormDialog } from '../components/form-dialog';
import { failureMessage, toastSuccess } from '../lib/admin-api';
import {
  checkRefundForm,
  postRefund,
  REFUND_MESSAGES,
  type RefundFormErrors,
  refundableCents,
} from '../lib/refunds';
import { useAsyncAction } from '../components/use-async-action';

/**
 * An answer that settles what happened (a refusal, or the gateway declining with nothing refunded):
 * the next attempt is a new refund. Anything else (no answer, a server failure) may have refunded,
 * so a retry keeps the key and the api answers the first refund instead of making a second.
 */
const isSettledFailure = (error: unknown) =>
  error instanceof ApiError && (error.status < 500 || error.status === 502);

/**
 * Refund (part of) an order's card payment: amount (default everything paid and not yet refunded)
 * and a required reason. Mount it afresh for each opening (a `key`): one Idempotency-Key per opening.
 */
export function RefundDialog({
  order,
  open,
  onOpenChange,
  onRefunded,
}: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRefunded: () => void;
}) {
  const maxCents = refundableCents(order);
  const [amount, setAmount] = useState(() => toMoneyString(maxCents));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { pending, run } = useAsyncAction();
  const idempotencyKey = useRef(crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkRefundForm({ amount, reason }, maxCents);
    setErrors(found);
    const firstInvalid = found.amount ? 'amount' : found.reason ? 'reason' : null;
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setFailure(null);
    await run(
      async () => {
        const amountCents = parseMoney(amount) ?? 0;
        const refund = await postRefund(order.id, { amountCents, reason }, idempotencyKey.current);
        const sum = formatSGD(parseMoney(refund.amount) ?? amountCents);
        // A PayNow refund ends later, when Stripe says so (issue 48); a card refund is done now.
        toastSuccess(
          REFUND_MESSAGES.succeeded,
          refund.status === 'pending'
            ? `${sum} refund asked of PayNow: the order shows it once Stripe confirms it.`
            : order.paymentMethod === 'paynow'
              ? `${sum} refunded by PayNow (refund ${refund.transactionId}).`
              : `${sum} refunded to the card (transaction ${refund.transactionId}).`,
        );
        onRefunded();
        onOpenChange(false);
      },
      (error) => {
        if (isSettledFailure(error)) idempotencyKey.current = crypto.randomUUID();
        setFailure(failureMessage(error));
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Refund"
      description={`Refund to the card for order ${order.referenceNumber}. Up to ${formatSGD(maxCents)} can be refunded.`}
      submitLabel="Refund"
      pending={pending}
      onSubmit={submit}
      formRef={formRef}
      failure={failure}
      size="sm"
    >
      <Field.TextField
        label="Amount (S$)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Field.Root invalid={Boolean(errors.reason)} required>
        <Field.Label>
          Reason
          <Field.RequiredIndicator />
        </Field.Label>
        <Field.Textarea
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <Field.ErrorText>{errors.reason}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
