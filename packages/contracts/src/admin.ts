import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { DateSchema, MoneySchema, Nullable } from './common';
import { RegionVenuesSchema, VenueSchema } from './venue';

/** Issue 46: staff's translations of a name and description; English (the main fields) is the fallback. */
const CatalogueTextSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export const CatalogueTranslationsSchema = Type.Object(
  {
    zh: Type.Optional(CatalogueTextSchema),
    ms: Type.Optional(CatalogueTextSchema),
    ta: Type.Optional(CatalogueTextSchema),
  },
  {
    additionalProperties: false,
    description: 'Chinese, Malay and Tamil texts; a text left out shows in English',
  },
);

export const Timestamp = Type.String({ description: 'UTC timestamp, ISO 8601' });

export const AdminPackageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  price: MoneySchema,
  aiaPrice: Nullable(MoneySchema),
  isActive: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  translations: Type.Optional(CatalogueTranslationsSchema),
});

/** event_dates: the days an event runs. */
export const AdminEventDateSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  date: DateSchema,
});

/** A stored timeslot of an event with its live seats (spec section 3, Timeslot). */
export const AdminEventTimeslotSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  eventDateId: Nullable(Type.Integer({ description: 'null for auto-generated slots' })),
  date: DateSchema,
  time: Type.String({ description: 'HH:mm' }),
  label: Type.String(),
  region: Nullable(Type.String()),
  maxAttendees: Type.Integer(),
  currentAttendees: Type.Integer(),
  isAvailable: Type.Boolean(),
});

/** event_configs: how an event's timeslots come about. */
export const EventConfigSchema = Type.Object({
  configType: Type.Union([Type.Literal('manual'), Type.Literal('auto')]),
  numSlots: Type.Integer(),
  bufferHours: Type.Integer(),
  slotsPerTimeslot: Type.Integer(),
  maxAttendees: Type.Integer(),
});

/** One reminder of an event's schedule (issue 26): so many hours before the appointment, by email, SMS or both. */
export const ReminderRuleSchema = Type.Object({
  offsetHours: Type.Integer({ minimum: 1, maximum: 336 }),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('both')]),
});

export const AdminEventSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  location: Nullable(Type.String()),
  isActive: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  translations: Type.Optional(CatalogueTranslationsSchema),
  packageIds: Type.Array(Type.Integer()),
  dates: Type.Array(AdminEventDateSchema),
  packages: Type.Array(AdminPackageSchema),
  timeslots: Type.Array(AdminEventTimeslotSchema),
  config: EventConfigSchema,
  /** The reminder schedule in force (the default, 72 h and 24 h by email, when the event has none of its own). */
  reminders: Type.Array(ReminderRuleSchema),
  /** Issue 46: where to go (null: none), and a region-based event's venue per region. */
  venue: Nullable(VenueSchema),
  regionVenues: RegionVenuesSchema,
});

export const HolidaySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  date: DateSchema,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const EmailConfigSchema = Type.Object({
  id: Type.Integer(),
  configKey: Type.String(),
  configValue: Type.String(),
  description: Nullable(Type.String()),
  lastUpdatedBy: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ApiKeySchema = Type.Object({
  id: Type.Integer(),
  key: Type.String({ description: 'First 10 characters of the key (the list shows them with an ellipsis)' }),
  description: Type.String(),
  isActive: Type.Boolean(),
  createdBy: Nullable(Type.String()),
  createdAt: Timestamp,
  lastUsed: Nullable(Timestamp),
});

export const ApiKeyCreatedSchema = Type.Composite([
  ApiKeySchema,
  Type.Object({ key: Type.String({ description: 'The full key; shown this once only' }) }),
]);

export const DiscountSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  lineItemLabel: Nullable(Type.String()),
  discountType: Type.Union([Type.Literal('-'), Type.Literal('promo'), Type.Literal('bin')]),
  description: Nullable(Type.String()),
  identifierPrefix: Nullable(Type.String()),
  identifierLength: Nullable(Type.Integer()),
  limitRedemption: Type.Boolean(),
  maxRedemptions: Nullable(Type.Integer()),
  limitBinRedemption: Type.Boolean(),
  maxBinRedemptions: Nullable(Type.Integer()),
  discountValueType: Type.Union([Type.Literal('percentage'), Type.Literal('amount'), Type.Literal('fixed')]),
  value: MoneySchema,
  isActive: Type.Boolean(),
  startDate: Nullable(Timestamp),
  endDate: Nullable(Timestamp),
  applicableForAIA: Type.Boolean(),
  applicableForRetail: Type.Boolean(),
  applicableForHealthScreening: Type.Boolean(),
  applicableForChronic: Type.Boolean(),
  applicableForPDT: Type.Boolean(),
  codeCount: Type.Integer({ description: 'How many codes have been generated' }),
  redemptionsUsed: Type.Integer({
    minimum: 0,
    description:
      "Redemptions held now over all its codes, as the codes' redemption streams count them (a cancelled or expired booking gives its redemption back)",
  }),
  redemptionsLeft: Nullable(
    Type.Integer({
      minimum: 0,
      description:
        'How many more bookings can redeem it under its limits (per code and for the whole discount); null: no limit',
    }),
  ),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** A generated promo code: the spec's {id, identifier}, with the rest of discount_identifiers. */
export const GeneratedCodeSchema = Type.Object({
  id: Type.Integer(),
  identifier: Type.String(),
  discountId: Type.Integer(),
  isUsed: Type.Boolean(),
  usedAt: Nullable(Timestamp),
  usedCount: Type.Integer(),
  maxRedemptions: Nullable(Type.Integer()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** The staff role of an `admin:<username>` actor, as the staff list holds it; null for others. */
export const ActorRole = Nullable(
  Type.String({ description: "admin, front_desk or finance for an 'admin:<username>' actor; else null" }),
);

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actor: Type.String(),
  actorRole: ActorRole,
  action: Type.String(),
  entity: Type.String(),
  entityId: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  at: Timestamp,
});

export const DashboardCountsSchema = Type.Object({
  events: Type.Integer(),
  packages: Type.Integer(),
  orders: Type.Integer(),
  apiKeys: Type.Integer(),
  discounts: Type.Integer(),
  holidays: Type.Integer(),
  emailTemplates: Type.Integer(),
  paymentProvider: Type.String(),
  waitlist: Type.Integer({ description: 'Active waiting-list entries (waiting or offered), all events' }),
  noShows: Type.Integer({ description: 'People marked no-show in the last 7 days (issue 23)' }),
});

/** The dashboard's Today tab (issue 45): what staff act on today. Money as 2-decimal dollar strings. */
export const OperationsSchema = Type.Object({
  today: DateSchema,
  tomorrow: DateSchema,
  slots: Type.Array(
    Type.Object({
      timeslotId: Type.Integer({
        description: 'One row per slot: an auto event has one per region at a time',
      }),
      date: DateSchema,
      time: Type.String({ description: 'HH:mm, Singapore' }),
      eventId: Type.Integer(),
      eventName: Type.String(),
      orders: Type.Integer(),
      people: Type.Integer(),
      checkedIn: Type.Integer(),
    }),
    { description: "Today's and tomorrow's appointments by slot (cancelled and expired orders left out)" },
  ),
  awaitingPayment: Type.Object({
    count: Type.Integer(),
    orders: Type.Array(
      Type.Object({
        id: Type.Integer(),
        referenceNumber: Type.String(),
        eventName: Type.String(),
        balance: Type.String(),
        holdUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
      { description: 'The soonest holds first, at most 10' },
    ),
  }),
  revenue: Type.Union([Type.Object({ today: Type.String(), last7Days: Type.String() }), Type.Null()], {
    description: 'Paid less discounts and refunds, by Singapore day; null for the front desk',
  }),
  waitlistOffers: Type.Integer({ description: 'Waiting-list offers not yet taken or expired' }),
  parkedEvents: Type.Integer({
    description: 'Events a projection or reactor could not handle (System page)',
  }),
});

/** `{ success: true, data, total, page, pageSize }`: one page of a list the admin pages through. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    success: Type.Literal(true),
    data: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

export const AuditPageSchema = Page(AuditEntrySchema);

/** What "Test connection" found (issue 45): whether live payments would work now. */
export const PaymentProviderCheckSchema = Type.Object({
  ok: Type.Boolean({ description: 'The live provider is configured and answered a client-token request' }),
  configured: Type.Boolean(),
  message: Type.String({
    description: 'What was found, naming what is missing or what the provider answered',
  }),
  checkedAt: Type.String({ format: 'date-time' }),
});

export const PaymentTestModeResponseSchema = Type.Object({
  success: Type.Boolean(),
  testMode: Type.Boolean(),
  message: Type.String(),
  provider: Type.Object({
    name: Type.String(),
    environment: Type.String(),
    merchantId: Type.String({ description: 'Masked: only the last 4 characters are shown' }),
    merchantAccountName: Type.String(),
    configured: Type.Boolean(),
  }),
});

/** How long an unpaid booking holds its seats and code (the back-office Payments tab, in minutes). */
export const PaymentHoldSchema = Type.Object({
  holdMinutes: Type.Number({ minimum: 0, description: 'Whole minutes unless PAYMENT_HOLD_SECONDS is not' }),
});
export const PaymentHoldInputSchema = Type.Object({
  holdMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
});
export const PaymentHoldResponseSchema = Type.Object({ success: Type.Boolean(), data: PaymentHoldSchema });

/** A projection's or reactor's progress through the event log. */
export const SubscriptionStatusSchema = Type.Object({
  name: Type.String(),
  checkpoint: Type.String({ description: '<transaction id>.<global position> handled up to' }),
  checkpointUpdatedAt: Type.String(),
  lagEvents: Type.Integer(),
  lagSeconds: Type.Number(),
  holder: Nullable(Type.String()),
  leaseExpiresAt: Nullable(Type.String()),
  leaseActive: Type.Boolean(),
  parkedEvents: Type.Integer({ description: 'Events it parked: skipped until staff retry them (issue 43)' }),
  stalled: Type.Boolean({ description: 'Events wait and the oldest has waited longer than 30 s' }),
});

/** An event a projection or the reactor parked (issue 43): skipped by it until staff retry it. */
export const ParkedEventSchema = Type.Object({
  subscriber: Type.String({ description: 'The projection or reactor that parked it' }),
  eventId: Type.String({ format: 'uuid' }),
  streamId: Type.String(),
  streamVersion: Type.Integer(),
  eventType: Type.String(),
  globalPosition: Type.Integer(),
  error: Type.String({ description: 'Why it failed; held-behind events name the earlier parked event' }),
  attempts: Type.Integer({ description: 'Tries before it parked; 0 for one held behind an earlier one' }),
  parkedAt: Type.String({ format: 'date-time' }),
  retryRequestedAt: Nullable(Type.String({ format: 'date-time' })),
});

export type AdminPackage = Static<typeof AdminPackageSchema>;
export type EventConfig = Static<typeof EventConfigSchema>;
export type AdminEvent = Static<typeof AdminEventSchema>;
export type Holiday = Static<typeof HolidaySchema>;
export type EmailConfig = Static<typeof EmailConfigSchema>;
export type ApiKey = Static<typeof ApiKeySchema>;
export type Discount = Static<typeof DiscountSchema>;
export type GeneratedCode = Static<typeof GeneratedCodeSchema>;
export type AuditEntry = Static<typeof AuditEntrySchema>;
export type AuditPage = Static<typeof AuditPageSchema>;
export type DashboardCounts = Static<typeof DashboardCountsSchema>;
export type Operations = Static<typeof OperationsSchema>;
export type PaymentTestModeAnswer = Static<typeof PaymentTestModeResponseSchema>;
export type PaymentProviderCheck = Static<typeof PaymentProviderCheckSchema>;
export type PaymentHold = Static<typeof PaymentHoldSchema>;
export type SubscriptionStatus = Static<typeof SubscriptionStatusSchema>;
export type ParkedEvent = Static<typeof ParkedEventSchema>;
