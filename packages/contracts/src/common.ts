import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** Building blocks composed by every area's schemas. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);
export const IdSchema = Type.Integer({ minimum: 1, description: 'Numeric id' });
// Ids past 2^53 cannot be told apart in JavaScript: refused as invalid rather than rounded.
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export const DateSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'Calendar day, yyyy-MM-dd',
});
export const DateTimeSchema = Type.String({ format: 'date-time', description: 'UTC timestamp, ISO 8601' });
/** A customer's language (issue 26; @hs/domain LANGUAGES): what the site shows and emails are written in. */
export const LanguageSchema = Type.Union(
  [Type.Literal('en'), Type.Literal('zh'), Type.Literal('ms'), Type.Literal('ta')],
  { description: 'en English (default), zh 简体中文, ms Bahasa Melayu, ta தமிழ்' },
);
export const MoneySchema = Type.String({
  pattern: '^-?\\d+\\.\\d{2}$',
  description: 'SGD amount, 2 decimals',
});

/** One refund of an order, in the public lookup and the admin's order answers (issue 21). */
export const OrderRefundSchema = Type.Object({
  id: Type.String(),
  amount: MoneySchema,
  kind: Type.Union([Type.Literal('void'), Type.Literal('refund')], {
    description: "'void': the sale was voided before it settled",
  }),
  status: Type.Literal('succeeded'),
  transactionId: Type.String({ description: "The gateway's id of the void or refund" }),
  reason: Type.String(),
  createdAt: DateTimeSchema,
});

/** What an order answer says about the money after the booking: refunds and the payment hold. */
export const OrderMoneyFields = {
  refundedAmount: MoneySchema,
  holdUntil: Nullable(
    Type.String({
      format: 'date-time',
      description: 'When the payment hold runs out; only while awaiting payment',
    }),
  ),
  refunds: Type.Array(OrderRefundSchema, { description: 'Oldest first' }),
  refundReview: Type.Boolean({ description: 'Cancelled late: a refund needs staff review' }),
};

export const FieldErrorSchema = Type.Object({
  field: Type.String(),
  message: Type.String(),
});

export const ErrorResponseSchema = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
  },
  { $id: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** `{ success: true, data }`, the spec's envelope for every successful answer. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}

export const MessageResponseSchema = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** An answer that is a file, not JSON (CSV, PDF): the OpenAPI document lists it under `contentType`. */
export const FileResponse = <T = string>(contentType: string, description: string, binary = false) =>
  Type.Unsafe<T>({
    type: 'string',
    ...(binary ? { format: 'binary' } : {}),
    description,
    'x-content-type': contentType,
  });

/** A JSON answer that also comes as `contentType` (format=csv): the OpenAPI document lists both. */
export const AlsoAs = <T extends TSchema>(schema: T, contentType: string): T => ({
  ...schema,
  'x-also-content-type': contentType,
});
