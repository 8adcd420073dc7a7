import { type Static, Type } from '@sinclair/typebox';
import { DateSchema, MoneySchema, Nullable } from './common';

/** The Reports tab's charts (issue 25), each a series of GET /api/admin/reports/insights and a CSV. */
export const INSIGHT_CHARTS = [
  'bookings',
  'revenue',
  'payments',
  'utilisation',
  'noShows',
  'waitlist',
] as const;
export type InsightChart = (typeof INSIGHT_CHARTS)[number];

export const InsightsQuerySchema = Type.Object({
  eventId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  from: Type.Optional({
    ...DateSchema,
    description: 'First day, yyyy-MM-dd (Asia/Singapore); default 29 days before to',
  }),
  to: Type.Optional({ ...DateSchema, description: 'Last day, yyyy-MM-dd (Asia/Singapore); default today' }),
});

export const InsightsCsvQuerySchema = Type.Object({
  ...InsightsQuerySchema.properties,
  chart: Type.Unsafe<InsightChart>(
    Type.String({ enum: [...INSIGHT_CHARTS], description: 'The chart whose series the CSV holds' }),
  ),
});

export const InsightsSchema = Type.Object({
  eventId: Nullable(Type.Integer()),
  from: DateSchema,
  to: DateSchema,
  bookings: Type.Array(
    Type.Object({
      date: DateSchema,
      booked: Type.Integer({ description: 'Orders booked that day' }),
      cancelled: Type.Integer(),
      expired: Type.Integer(),
    }),
  ),
  revenue: Type.Array(
    Type.Object({
      weekStart: { ...DateSchema, description: 'Monday of the ISO week' },
      gross: { ...MoneySchema, description: 'Price before any discount, counted when paid' },
      discounts: MoneySchema,
      refunds: MoneySchema,
      net: { ...MoneySchema, description: 'gross - discounts - refunds' },
    }),
  ),
  payments: Type.Array(
    Type.Object({
      weekStart: { ...DateSchema, description: 'Monday of the ISO week' },
      method: Type.String({
        description:
          'How it was paid (issue 48): card, paynow, cash, nets, card_terminal, partner or other (@hs/domain PAYMENT_METHOD_GROUPS)',
      }),
      label: Type.String({ description: "The method's name, e.g. PayNow" }),
      received: { ...MoneySchema, description: 'Payments recorded that week by this method' },
      refunded: { ...MoneySchema, description: 'Refunds of payments by this method recorded that week' },
      net: { ...MoneySchema, description: 'received - refunded' },
    }),
    { description: 'Money in and out per week and payment method' },
  ),
  utilisation: Type.Array(
    Type.Object({
      date: DateSchema,
      region: Nullable(Type.String()),
      timeslotId: Type.Integer(),
      time: Type.String({ description: 'HH:mm' }),
      booked: Type.Integer(),
      max: Type.Integer(),
    }),
  ),
  noShows: Type.Array(
    Type.Object({
      eventId: Type.Integer(),
      eventName: Type.String(),
      checkedIn: Type.Integer(),
      noShow: Type.Integer(),
      rate: Nullable(Type.Number({ description: 'noShow / (checkedIn + noShow), 0 to 1' })),
    }),
  ),
  waitlist: Type.Array(
    Type.Object({
      region: Type.String(),
      joined: Type.Integer({ description: 'Waiting-list entries joined' }),
      seats: Type.Integer({ description: 'Seats they asked for' }),
    }),
  ),
});
export type Insights = Static<typeof InsightsSchema>;
