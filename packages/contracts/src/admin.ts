import { Type } from '@sinclair/typebox';
import { DateSchema, MoneySchema } from './common';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Timestamp = Type.String({ description: 'UTC timestamp, ISO 8601' });

export const AdminPackageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  price: MoneySchema,
  aiaPrice: Nullable(MoneySchema),
  isActive: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
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

export const AdminEventSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  location: Nullable(Type.String()),
  isActive: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  packageIds: Type.Array(Type.Integer()),
  dates: Type.Array(AdminEventDateSchema),
  packages: Type.Array(AdminPackageSchema),
  timeslots: Type.Array(AdminEventTimeslotSchema),
  config: Type.Object({
    configType: Type.Union([Type.Literal('manual'), Type.Literal('auto')]),
    numSlots: Type.Integer(),
    bufferHours: Type.Integer(),
    slotsPerTimeslot: Type.Integer(),
    maxAttendees: Type.Integer(),
  }),
});

export const EventInputSchema = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  location: Type.Optional(Nullable(Type.String())),
  isActive: Type.Optional(Nullable(Type.Boolean())),
  packageIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  config: Type.Optional(
    Type.Object({
      configType: Type.Optional(Type.Union([Type.Literal('manual'), Type.Literal('auto')])),
      numSlots: Type.Optional(Type.Integer()),
      bufferHours: Type.Optional(Type.Integer()),
      slotsPerTimeslot: Type.Optional(Type.Integer()),
      maxAttendees: Type.Optional(Type.Integer()),
    }),
  ),
});

const NumberOrString = Type.Union([Type.Number(), Type.String()]);

export const PackageInputSchema = Type.Object({
  name: Type.String(),
  price: NumberOrString,
  aiaPrice: Type.Optional(Nullable(NumberOrString)),
  description: Type.Optional(Nullable(Type.String())),
  isActive: Type.Optional(Nullable(Type.Boolean())),
});

export const HolidaySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  date: DateSchema,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const HolidayInputSchema = Type.Object({ name: Type.String(), date: Type.String() });

export const EmailConfigSchema = Type.Object({
  id: Type.Integer(),
  configKey: Type.String(),
  configValue: Type.String(),
  description: Nullable(Type.String()),
  lastUpdatedBy: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const EmailConfigInputSchema = Type.Object({
  configKey: Type.Optional(Type.String()),
  configValue: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
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

export const ApiKeyInputSchema = Type.Object({
  description: Type.String(),
  isActive: Type.Optional(Type.Boolean()),
});

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
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const DiscountInputSchema = Type.Object(
  {
    name: Type.String(),
    value: NumberOrString,
  },
  { additionalProperties: true, description: 'Every field of the discount; see DiscountSchema' },
);

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

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actor: Type.String(),
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
});
