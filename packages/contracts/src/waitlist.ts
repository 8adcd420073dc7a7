/** The waiting list (issue 22): the visitor's join, view and leave, and the back-office list. */
import { type Static, Type } from '@sinclair/typebox';
import { DateSchema, DateTimeSchema, LanguageSchema, Nullable } from './common';

/** An id as the booking form sends it: a number, or its digits as text. */
const FormId = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 20 })]);
/** A form text field: the shared validator trims it and says what is missing. */
const FormText = (maxLength: number, description?: string) =>
  Nullable(Type.String({ maxLength, ...(description ? { description } : {}) }));

/**
 * POST /api/waitlist. The booking form's checks and messages run first (the shared valibot schema),
 * so this schema only documents the shape and bounds what the route reads.
 */
export const WaitlistJoinRequestSchema = Type.Object(
  {
    eventId: FormId,
    packageId: FormId,
    postalCode: FormText(20, 'Singapore postal code, 6 digits: decides the region'),
    firstName: FormText(200),
    lastName: FormText(200),
    email: FormText(320, 'One active entry per email and event'),
    mobileNumber: FormText(40),
    seats: Type.Union([Type.Integer(), Type.String({ maxLength: 5 })], {
      description: 'Seats wanted, 1 to the booking form maximum of participants',
    }),
    preferredDates: Type.Optional(
      Nullable(
        Type.Array(Type.String({ maxLength: 20 }), {
          maxItems: 31,
          description: 'Days (yyyy-MM-dd) the visitor can come; empty or missing: any day',
        }),
      ),
    ),
    language: Type.Optional(LanguageSchema),
  },
  { additionalProperties: true },
);

export const WaitlistJoinedSchema = Type.Object({
  id: Type.String({ description: 'The entry id' }),
  position: Type.Integer({ minimum: 1, description: 'Place among the active entries of the event' }),
});

/** The seats held for an entry while its offer runs. */
export const WaitlistOfferSchema = Type.Object({
  timeslotId: Type.Integer(),
  date: DateSchema,
  time: Type.String({ description: 'HH:mm, Singapore' }),
  label: Type.String({ description: "The slot as the wizard shows it ('9:00 AM - 10:00 AM')" }),
  expiresAt: DateTimeSchema,
});

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WaitlistStatusSchema = Type.Union(WAITLIST_STATUSES.map((s) => Type.Literal(s)));

export const WaitlistTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
export const WaitlistEntryIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** GET /api/waitlist/{token}: the visitor's own entry, for the /waitlist/{token} page. */
export const WaitlistEntrySchema = Type.Object({
  id: Type.String(),
  eventId: Type.Integer(),
  eventName: Type.String(),
  packageId: Type.Integer(),
  packageName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  mobileNumber: Type.String(),
  postalCode: Type.String(),
  seats: Type.Integer(),
  preferredDates: Type.Array(DateSchema),
  status: WaitlistStatusSchema,
  position: Nullable(Type.Integer({ description: 'Null once the entry is no longer active' })),
  offer: Nullable(WaitlistOfferSchema),
});

/** One row of the back-office Waiting List of an event: active entries first, by position. */
export const AdminWaitlistEntrySchema = Type.Object({
  id: Type.String(),
  position: Nullable(Type.Integer()),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  mobileNumber: Type.String(),
  seats: Type.Integer(),
  region: Nullable(Type.String()),
  postalCode: Type.String(),
  preferredDates: Type.Array(DateSchema),
  joinedAt: DateTimeSchema,
  status: WaitlistStatusSchema,
  offer: Nullable(WaitlistOfferSchema),
});

export type WaitlistJoinRequest = Static<typeof WaitlistJoinRequestSchema>;
export type WaitlistJoined = Static<typeof WaitlistJoinedSchema>;
export type WaitlistOffer = Static<typeof WaitlistOfferSchema>;
export type WaitlistEntry = Static<typeof WaitlistEntrySchema>;
export type AdminWaitlistEntry = Static<typeof AdminWaitlistEntrySchema>;
