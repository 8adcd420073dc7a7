/** The back office's orders: an order and its people as staff see them, its history, a status change's preview. */
import { type Static, Type } from '@sinclair/typebox';
import { ActorRole, Page, Timestamp } from './admin';
import { DateSchema, MoneySchema, Nullable, OrderMoneyFields } from './common';
import { BookingConsentSchema } from './privacy';
import { TimeslotGroupsSchema } from './public';

/** A participant as staff see it: the public view plus the personal details. */
export const AdminParticipantSchema = Type.Object({
  id: Type.String(),
  registrationId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  gender: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobileNumber: Nullable(Type.String()),
  packageId: Nullable(Type.Integer()),
  packageName: Nullable(Type.String()),
  packagePrice: MoneySchema,
  originalPrice: MoneySchema,
  discountAmount: MoneySchema,
  isAiaMember: Type.Boolean(),
  isPrimary: Type.Boolean(),
  identificationNumber: Nullable(
    Type.String({
      description:
        'Masked as the PDPC allows (S****567A); the clear number only through reveal-identification',
    }),
  ),
  dateOfBirth: Nullable(Type.String()),
  aiaMemberId: Nullable(Type.String({ description: 'Masked, as the identification number' })),
});

/** An order as staff see it (GET /api/admin/registrations); status in the admin spelling 'canceled'. */
export const AdminOrderSchema = Type.Object({
  id: Type.Integer(),
  referenceNumber: Type.String(),
  status: Type.String(),
  eventId: Type.Integer(),
  eventName: Nullable(Type.String()),
  location: Nullable(Type.String()),
  packageName: Nullable(Type.String()),
  packagePrice: Nullable(MoneySchema),
  timeslotId: Nullable(Type.Integer()),
  timeslotDate: Nullable(DateSchema),
  timeslotTime: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Nullable(Type.String()),
  mobileNumber: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  identificationNumber: Nullable(
    Type.String({
      description:
        'Masked as the PDPC allows (S****567A); the clear number only through reveal-identification',
    }),
  ),
  dateOfBirth: Nullable(Type.String()),
  postalCode: Nullable(Type.String()),
  unitNumber: Nullable(Type.String()),
  address: Nullable(Type.String()),
  region: Nullable(Type.String()),
  isAiaMember: Type.Boolean(),
  packageId: Nullable(Type.Integer()),
  medicalConditions: Nullable(Type.String()),
  aiaMemberId: Nullable(Type.String({ description: 'Masked, as the identification number' })),
  discountCodeId: Nullable(Type.Integer()),
  isPaidInApp: Type.Boolean({ description: 'Paid (in part) through the partner' }),
  totalPaidInApp: MoneySchema,
  paidTransactionId: Nullable(Type.String()),
  invoice: Nullable(Type.String({ description: 'File name of the invoice PDF' })),
  participants: Type.Array(AdminParticipantSchema),
  discountCode: Nullable(Type.String()),
  discountLabel: Nullable(Type.String()),
  totalAmount: MoneySchema,
  discountAmount: MoneySchema,
  aiaDiscountAmount: MoneySchema,
  whiteCoatPaidAmount: MoneySchema,
  paidAmount: MoneySchema,
  refundable: Type.String({
    description:
      'What Refund… can give back: paid by card and not refunded yet (a partner or desk payment is not in it), dollars',
  }),
  balanceDue: MoneySchema,
  transactionId: Nullable(Type.String()),
  paymentMethod: Nullable(Type.String()),
  wcBookingCode: Nullable(Type.String()),
  confirmationEmailSent: Type.Boolean(),
  cancelledAt: Nullable(Timestamp),
  attendance: Nullable(
    Type.Union([Type.Literal('checked_in'), Type.Literal('no_show')], {
      description:
        "Issue 23: 'no_show' once the worker marked someone of the party after the day, else 'checked_in' once someone was checked in",
    }),
  ),
  checkedInCount: Type.Integer({ description: 'People of the party checked in at the front desk' }),
  noShowCount: Type.Integer({ description: 'People of the party marked no-show' }),
  /** Issue 24: consent to the privacy notice as booked; null for bookings made before it was recorded. */
  consent: Type.Optional(Nullable(BookingConsentSchema)),
  personalDataErasedAt: Type.Union([Timestamp, Type.Null()], {
    description:
      'Issue 24: when the personal data of everyone on the order was erased (its personal fields are empty); null while held',
  }),
  ...OrderMoneyFields,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const OrderPageSchema = Page(AdminOrderSchema);

/** One event of an order's history: what happened, when, and by whom. */
export const OrderHistoryEntrySchema = Type.Object({
  version: Type.Integer(),
  type: Type.String(),
  actor: Type.String({ description: "'public' | 'admin:<username>' | 'partner:<id>' | 'worker:<job>'" }),
  actorRole: ActorRole,
  summary: Type.String(),
  at: Timestamp,
  data: Type.Unknown(),
});

export const TimeslotSearchResponseSchema = Type.Object({
  success: Type.Literal(true),
  region: Nullable(Type.String()),
  regionName: Nullable(Type.String()),
  postalCode: Nullable(Type.String()),
  data: TimeslotGroupsSchema,
});

/** What an admin status change would do, shown before staff confirm it (issue 45). */
export const StatusChangePreviewSchema = Type.Object({
  allowed: Type.Boolean({ description: 'False: the PATCH would be refused with `message`' }),
  message: Type.String({
    description:
      'The consequence in words ("Confirming it takes 1 seat again (9 left) and leaves S$452.93 to pay."), or the refusal',
  }),
  seatsTaken: Type.Integer(),
  seatsFreed: Type.Integer(),
  seatsLeftAfter: Nullable(Type.Integer()),
  owedAgain: MoneySchema,
  balanceAfter: MoneySchema,
});

export type AdminParticipant = Static<typeof AdminParticipantSchema>;
export type AdminOrder = Static<typeof AdminOrderSchema>;
export type OrderPage = Static<typeof OrderPageSchema>;
export type OrderHistoryEntry = Static<typeof OrderHistoryEntrySchema>;
export type TimeslotSearchAnswer = Static<typeof TimeslotSearchResponseSchema>;
export type StatusChangePreview = Static<typeof StatusChangePreviewSchema>;
