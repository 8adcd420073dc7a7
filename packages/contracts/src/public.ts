/** Answer shapes of the public API (spec sections 3 and 7). */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common';

/** A price or amount the visitor pays, "123.45". */
const PriceSchema = Type.String({ pattern: '^\\d+\\.\\d{2}$' });

/** A timeslot with its seats booked (the admin's timeslot search answers the same). */
export const TimeslotSchema = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  date: Type.String(),
  time: Type.String(),
  region: Nullable(Type.String()),
  isAvailable: Type.Boolean(),
  currentAttendees: Type.Integer(),
  maxAttendees: Type.Integer(),
});

/** One day's timeslots: its label ('Monday, 5 January 2026') and yyyy-MM-dd value. */
export const TimeslotDateGroupSchema = Type.Object({
  date: Type.Object({ label: Type.String(), value: Type.String() }),
  timeslots: Type.Array(TimeslotSchema),
});

/** Timeslots grouped by their yyyy-MM-dd day. */
export const TimeslotGroupsSchema = Type.Record(Type.String(), TimeslotDateGroupSchema);

export const EventSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  location: Nullable(Type.String()),
  timeslotMode: Type.String(),
  availabilityLabel: Type.String(),
  timeslots: Type.Array(TimeslotSchema),
});

export const EventPackageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  price: PriceSchema,
  aiaPrice: Nullable(PriceSchema),
  isActive: Type.Boolean(),
});

export const EventDetailSchema = Type.Composite([
  EventSummarySchema,
  Type.Object({
    isActive: Type.Boolean(),
    createdAt: Type.String(),
    dates: Type.Array(Type.Object({ date: Type.String(), label: Type.String() })),
    packages: Type.Array(EventPackageSchema),
  }),
]);

/** GET /api/timeslots/postal-code */
export const PostalTimeslotsResponseSchema = Type.Object({
  success: Type.Literal(true),
  region: Type.String(),
  regionName: Type.String(),
  postalCode: Type.String(),
  position: Type.String({ description: 'The slot read model position this answer reflects' }),
  data: TimeslotGroupsSchema,
});

/** GET /api/auto-timeslots/postal-code: the same slots as a list of dates. */
export const AutoTimeslotsResponseSchema = Type.Object({
  success: Type.Literal(true),
  region: Type.String(),
  regionName: Type.String(),
  postalCode: Type.String(),
  data: Type.Array(
    Type.Object({ date: Type.String(), label: Type.String(), timeslots: Type.Array(TimeslotSchema) }),
  ),
});

/** POST /api/verify-aia-healthshield */
export const MembershipVerifyResponseSchema = Type.Object({
  success: Type.Boolean(),
  status: Type.Optional(Type.String()),
  isAiaMember: Type.Optional(Type.Boolean()),
  message: Type.Optional(Nullable(Type.String())),
  benefitProfileData: Type.Optional(Type.Unknown()),
});

/** POST /api/discounts/validate */
export const DiscountValidateResponseSchema = Type.Object({
  success: Type.Literal(true),
  code: Type.String(),
  discountAmount: PriceSchema,
  type: Type.String(),
  description: Type.String(),
  discountIdentifierId: Type.Integer(),
});

/** POST /api/registrations (201) */
export const BookedResponseSchema = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    reference_number: Type.String(),
    referenceNumber: Type.String(),
    id: Type.Integer(),
    status: Type.String(),
    totalAmount: PriceSchema,
    balanceDue: PriceSchema,
    position: Nullable(Type.String()),
  }),
});

/** GET /api/payments/client-token */
export const ClientTokenResponseSchema = Type.Object({
  success: Type.Boolean(),
  token: Type.String(),
  message: Type.String(),
  testMode: Type.Boolean(),
});

/** POST /api/payments/process: the card payment's outcome (200 paid, 402 declined). */
export const PaymentResultSchema = Type.Object({
  success: Type.Boolean(),
  transactionId: Nullable(Type.String()),
  message: Type.String(),
  amount: Type.String(),
});

export type Timeslot = Static<typeof TimeslotSchema>;
export type TimeslotDateGroup = Static<typeof TimeslotDateGroupSchema>;
export type TimeslotGroups = Static<typeof TimeslotGroupsSchema>;
export type EventSummary = Static<typeof EventSummarySchema>;
export type EventPackage = Static<typeof EventPackageSchema>;
export type EventDetail = Static<typeof EventDetailSchema>;
export type PostalTimeslotsResponse = Static<typeof PostalTimeslotsResponseSchema>;
export type MembershipVerifyResponse = Static<typeof MembershipVerifyResponseSchema>;
export type DiscountValidateResponse = Static<typeof DiscountValidateResponseSchema>;
export type BookedResponse = Static<typeof BookedResponseSchema>;
