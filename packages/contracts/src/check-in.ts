import { type Static, Type } from '@sinclair/typebox';
import { DateSchema, DateTimeSchema, MoneySchema, Nullable } from './common';

/** One person of a party at the front desk (issue 23). */
export const AttendeeSchema = Type.Object({
  participantId: Type.String(),
  name: Type.String(),
  packageName: Type.String(),
  isPrimary: Type.Boolean(),
  checkedInAt: Nullable(DateTimeSchema),
  /** The staff member's username who checked them in. */
  checkedInBy: Nullable(Type.String()),
  noShow: Type.Boolean({ description: 'Marked no-show after the appointment day' }),
});

/** One order at the front desk: who, when, and what is still to pay. */
export const AttendeePartySchema = Type.Object({
  registrationId: Type.Integer(),
  referenceNumber: Type.String(),
  /** The order's status (pending_payment, paid, confirmed, ...). */
  status: Type.String(),
  paymentStatus: Type.Union([Type.Literal('paid'), Type.Literal('balance_due')], {
    description: "'balance_due': something is still to pay at the desk",
  }),
  balanceDue: MoneySchema,
  date: DateSchema,
  time: Type.String({ description: 'HH:mm, Singapore' }),
  contactName: Type.String(),
  people: Type.Array(AttendeeSchema),
});
export type AttendeeParty = Static<typeof AttendeePartySchema>;

export const CheckInRequestSchema = Type.Object(
  {
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The scanned QR code' })),
    referenceNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    participantIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: 50,
        description: 'Check in only these people; absent or empty: the whole party',
      }),
    ),
    waiveReason: Type.Optional(
      Type.String({
        maxLength: 500,
        description:
          'Why the desk lets the party in with a balance due (issue 45); without it such a check-in is refused with 409',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CheckInRequest = Static<typeof CheckInRequestSchema>;

export const CheckInResultSchema = Type.Object({
  /** 'Checked in 2 people', or 'Already checked in at 09:02 by desk1'. */
  message: Type.String(),
  alreadyCheckedIn: Type.Boolean({ description: 'Nothing new was recorded' }),
  party: AttendeePartySchema,
});
export type CheckInResult = Static<typeof CheckInResultSchema>;

/** How the front desk took a payment (issue 45). */
export const DeskPaymentMethodSchema = Type.Union(
  [Type.Literal('cash'), Type.Literal('nets'), Type.Literal('card_terminal')],
  { description: 'cash, NETS, or the card terminal at the desk' },
);

export const DeskPaymentRequestSchema = Type.Object(
  {
    method: DeskPaymentMethodSchema,
    expectedAmount: Type.Optional(
      Type.String({
        pattern: '^\\d{1,8}(\\.\\d{1,2})?$',
        description:
          "The balance the desk saw and took, dollars: refused (409) when the balance is no longer that. The amount recorded is always the server's",
      }),
    ),
  },
  { additionalProperties: false },
);
export type DeskPaymentRequest = Static<typeof DeskPaymentRequestSchema>;

export const DeskPaymentResultSchema = Type.Object({
  /** 'Payment of S$452.93 recorded: Cash', the method named as the receipt names it. */
  message: Type.String(),
  receipt: Type.Object({
    transactionId: Type.String({
      description: "The payment's reference (desk-<uuid>), on the receipt email",
    }),
    amount: Type.String({
      description: 'Dollars, 2 decimals: what was left to pay, as the server priced it',
    }),
    method: DeskPaymentMethodSchema,
    recordedBy: Type.String(),
    at: Type.String({ format: 'date-time' }),
  }),
  party: AttendeePartySchema,
});
export type DeskPaymentResult = Static<typeof DeskPaymentResultSchema>;

export const UndoCheckInRequestSchema = Type.Object(
  {
    participantIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: 50,
        description: 'Undo only these people; absent or empty: everyone of the party who is in',
      }),
    ),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type UndoCheckInRequest = Static<typeof UndoCheckInRequestSchema>;

export const DeskActionResultSchema = Type.Object({
  message: Type.String(),
  party: AttendeePartySchema,
});
export type DeskActionResult = Static<typeof DeskActionResultSchema>;

export const AttendeeSheetQuery = Type.Object({
  date: DateSchema,
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { default: 'json' })),
});

export const AttendeeSheetSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  location: Nullable(Type.String()),
  date: DateSchema,
  slots: Type.Array(
    Type.Object({
      timeslotId: Type.Integer(),
      time: Type.String({ description: 'HH:mm, Singapore' }),
      parties: Type.Array(AttendeePartySchema),
    }),
  ),
});
export type AttendeeSheet = Static<typeof AttendeeSheetSchema>;
