/** Answer shapes of the partner (WhiteCoat) hand-off: the public link calls and the partner's own API. */
import { type Static, Type } from '@sinclair/typebox';
import { MoneySchema, Nullable } from './common';

/**
 * GET /api/wc/{code}: the partner's patient data in the spec's shape (section 3), and beside it the
 * code and the paid amount a booking with this code will use.
 */
export const PartnerCodeDataSchema = Type.Object({
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  nric: Nullable(Type.String()),
  dateOfBirth: Nullable(Type.String()),
  contact: Nullable(Type.String()),
  address: Type.Object({
    postalCode: Nullable(Type.String()),
    unitNumber: Nullable(Type.String()),
    street: Nullable(Type.String()),
  }),
  packageInfo: Type.Object({ amount: Nullable(MoneySchema), isPaid: Type.Boolean() }),
  bookingCode: Type.String(),
  isPaidInWhiteCoat: Type.Boolean(),
  whiteCoatPaidAmount: MoneySchema,
});

/** POST /api/wc/create-registration: the recorded code (spec: data.id). */
export const PartnerBookingRecordedSchema = Type.Object({
  id: Type.Integer(),
  bookingCode: Type.String(),
  whiteCoatPaidAmount: MoneySchema,
  isPaidInWhiteCoat: Type.Boolean(),
});

/** GET /api/partner/bookings/{code}: the booking made with a code; status in the admin spelling. */
export const PartnerBookingStatusSchema = Type.Object({
  bookingCode: Type.String(),
  referenceNumber: Type.String(),
  status: Type.String(),
  totalAmount: MoneySchema,
  paidByPartner: MoneySchema,
  balanceDue: MoneySchema,
  cancelled: Type.Boolean(),
});

/** POST /api/partner/bookings/{code}/payments: the booking after the reported payment. */
export const PartnerPaymentReportedSchema = Type.Object({
  referenceNumber: Type.String(),
  status: Type.String(),
  balanceDue: MoneySchema,
});

export type PartnerCodeData = Static<typeof PartnerCodeDataSchema>;
export type PartnerBookingRecorded = Static<typeof PartnerBookingRecordedSchema>;
export type PartnerBookingStatus = Static<typeof PartnerBookingStatusSchema>;
export type PartnerPaymentReported = Static<typeof PartnerPaymentReportedSchema>;
