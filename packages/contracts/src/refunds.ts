/** A refund of an order's card payment by staff (issue 21). */
import { type Static, Type } from '@sinclair/typebox';
import { MoneySchema } from './common';

export const RefundRequestSchema = Type.Object({
  amount: Type.Optional(
    Type.String({
      pattern: '^\\d+(\\.\\d{1,2})?$',
      maxLength: 20,
      description: 'Dollars, e.g. "12.34"; absent: everything card-paid and not yet refunded',
    }),
  ),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type AdminRefundRequest = Static<typeof RefundRequestSchema>;

export const RefundResultSchema = Type.Object({
  id: Type.String({ description: 'The refund id (the same for a replayed Idempotency-Key)' }),
  amount: MoneySchema,
  status: Type.Union([Type.Literal('succeeded'), Type.Literal('pending')], {
    description:
      'succeeded: given back; pending: a PayNow refund Stripe accepted and will end later (issue 48: its webhook records it)',
  }),
  transactionId: Type.String({ description: "The gateway's id of the void or refund ('' while pending)" }),
});
export type AdminRefund = Static<typeof RefundResultSchema>;

/** What a public cancel now would refund: automatically, after staff review, or nothing (card-paid only). */
export const CancellationRefundSchema = Type.Object({
  kind: Type.Union([Type.Literal('automatic'), Type.Literal('review'), Type.Literal('none')]),
  amount: MoneySchema,
});
export type CancellationRefundAnswer = Static<typeof CancellationRefundSchema>;
