/** Answer shapes of the public API (spec sections 3 and 7). */
import { type Static, Type } from '@sinclair/typebox';
import { Envelope, ErrorResponseSchema, Nullable, OrderMoneyFields } from './common';
import { CancellationRefundSchema } from './refunds';
import { RegionVenuesSchema, VenueSchema } from './venue';

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
  /** Issue 46: where to go (null: none given); a region-based event's venue per region beside it. */
  venue: Nullable(VenueSchema),
  regionVenues: RegionVenuesSchema,
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
  /** Issue 46: where this region's appointments happen (its venue, else the event's; null: none). */
  venue: Nullable(VenueSchema),
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

/** POST /api/registrations/quote: the order priced as the server would book it. */
export const QuoteSchema = Type.Object({
  participants: Type.Array(
    Type.Object({
      name: Type.String(),
      packageName: Type.String(),
      basePrice: PriceSchema,
      appliedPrice: PriceSchema,
      memberPrice: Type.Boolean({ description: 'The member price applies' }),
      volumeDiscount: PriceSchema,
      lineTotal: PriceSchema,
    }),
  ),
  participantCount: Type.Integer(),
  volumeDiscountPercent: Type.Number(),
  baseTotal: PriceSchema,
  memberDiscount: PriceSchema,
  volumeDiscount: PriceSchema,
  subtotal: PriceSchema,
  discountAmount: PriceSchema,
  discountLabel: Nullable(Type.String()),
  gst: PriceSchema,
  total: PriceSchema,
  partnerPaid: PriceSchema,
  balanceDue: PriceSchema,
});

/**
 * A participant of a booking (section 3's Participant) as the public calls answer it: never the
 * identification number, date of birth or member id, as the reference number is the only secret
 * guarding these calls.
 */
export const ParticipantSchema = Type.Object({
  id: Type.String(),
  registrationId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  gender: Type.String({ description: 'Male or Female (the primary: as booked)' }),
  email: Nullable(Type.String()),
  mobileNumber: Nullable(Type.String()),
  packageId: Type.Integer(),
  packageName: Type.String(),
  packagePrice: PriceSchema,
  originalPrice: PriceSchema,
  discountAmount: PriceSchema,
  isAiaMember: Type.Boolean(),
  isPrimary: Type.Boolean(),
});

/**
 * GET /api/registrations/lookup/{referenceNumber}: the Registration (section 3) as the confirmation
 * and cancel pages read it, with the lookup variants beside the entity's own names.
 */
export const RegistrationLookupSchema = Type.Object({
  id: Type.Integer(),
  referenceNumber: Type.String(),
  reference_number: Type.String(),
  status: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  eventId: Type.Integer(),
  timeslotId: Type.Integer(),
  packageId: Type.Integer(),
  region: Nullable(Type.String()),
  isAiaMember: Type.Boolean(),
  discountCodeId: Nullable(Type.Integer()),
  paymentMethod: Nullable(Type.String()),
  eventName: Type.String(),
  packageName: Type.String(),
  packagePrice: PriceSchema,
  timeslotDate: Nullable(Type.String()),
  timeslotTime: Nullable(Type.String()),
  location: Nullable(Type.String()),
  /** Issue 46: the appointment's venue: its region's, else the event's; null when the event has none. */
  venue: Nullable(VenueSchema),
  total: PriceSchema,
  totalAmount: PriceSchema,
  total_amount: PriceSchema,
  discountAmount: PriceSchema,
  aiaDiscountAmount: PriceSchema,
  wcBookingCode: Nullable(Type.String()),
  isPaidInApp: Type.Boolean(),
  totalPaidInApp: PriceSchema,
  paidTransactionId: Nullable(Type.String()),
  whiteCoatPaidAmount: PriceSchema,
  total_paid_in_app: PriceSchema,
  is_paid_in_app: Type.Boolean(),
  is_from_whitecoat: Type.Boolean(),
  wc_booking_code: Nullable(Type.String()),
  transactionId: Nullable(Type.String()),
  balanceDue: PriceSchema,
  participants: Type.Array(
    Type.Composite([ParticipantSchema, Type.Object({ name: Type.String({ description: 'Display name' }) })]),
  ),
  confirmationEmailSent: Type.Boolean(),
  checkInToken: Type.Optional(
    Nullable(
      Type.String({
        description:
          'The opaque check-in code the confirmation shows as a QR code (issue 23); null once cancelled or expired',
      }),
    ),
  ),
  cancelledAt: Nullable(Type.String()),
  cancellationRefund: CancellationRefundSchema,
  ...OrderMoneyFields,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** POST, PUT and DELETE /api/participants: the booking's participants and total after the change. */
export const ParticipantChangeSchema = Type.Object({
  registrationId: Type.Integer(),
  participant: Nullable(ParticipantSchema),
  participants: Type.Array(ParticipantSchema),
  totalAmount: PriceSchema,
  position: Nullable(Type.String()),
});

/** A booking's status after a cancel or a partner confirmation. */
export const StatusChangeSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  position: Nullable(Type.String({ description: 'The event-store position of the change' })),
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
export type Quote = Static<typeof QuoteSchema>;
export type Participant = Static<typeof ParticipantSchema>;
export type RegistrationLookup = Static<typeof RegistrationLookupSchema>;
export type ParticipantChange = Static<typeof ParticipantChangeSchema>;
export type StatusChange = Static<typeof StatusChangeSchema>;

/** A booking moved to another timeslot of its event (issue 22): public and back office alike. */
export const RescheduleRequestSchema = Type.Object({
  timeslotId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type RescheduleRequest = Static<typeof RescheduleRequestSchema>;

export const RescheduleResultSchema = Type.Object({
  referenceNumber: Type.String(),
  timeslotId: Type.Integer(),
  date: Type.String({ description: 'yyyy-MM-dd, Singapore' }),
  time: Type.String({ description: 'HH:mm, Singapore' }),
  label: Type.String({ description: "The slot's time label, e.g. '9:30 AM'" }),
  dateLabel: Type.String({ description: "e.g. 'Tuesday, 10 February 2026'" }),
  position: Nullable(
    Type.String({ description: 'Log position of the move: pass it to the lookup to read it back' }),
  ),
});
export type RescheduleResult = Static<typeof RescheduleResultSchema>;

/** The answers of a reschedule: the customer's (by reference number) and staff's (by id) alike. */
export const RescheduleResponses = {
  200: Envelope(RescheduleResultSchema),
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
