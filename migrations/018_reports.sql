-- Issue 25: the Reports tab's read model, written only by the `reports` projection (packages/read-models).
-- Figures are counted on the Asia/Singapore day of the event that caused them. Seat utilisation is not
-- here: it is slot_availability (seats booked) joined with the catalogue's timeslots (capacity).

-- Per registration, what later events need and do not carry: its event, region and people, its
-- current prices, and the part of them already counted as revenue.
create table report_registrations (
  registration_id bigint primary key,
  event_id bigint not null,
  region text,
  participants integer not null,
  gross_cents bigint not null,
  discount_cents bigint not null,
  counted_gross_cents bigint not null default 0,
  counted_discount_cents bigint not null default 0
);

-- Per event and day: orders and people booked, cancelled and expired; revenue (gross before any
-- discount, the discounts given, refunds) counted on the day it was paid or refunded.
create table report_daily (
  event_id bigint not null,
  day date not null,
  booked_orders integer not null default 0,
  booked_participants integer not null default 0,
  cancelled_orders integer not null default 0,
  cancelled_participants integer not null default 0,
  expired_orders integer not null default 0,
  expired_participants integer not null default 0,
  gross_cents bigint not null default 0,
  discount_cents bigint not null default 0,
  refund_cents bigint not null default 0,
  primary key (event_id, day)
);
create index report_daily_day on report_daily (day);

-- Per event and appointment day: people checked in and people marked no-show.
create table report_attendance (
  event_id bigint not null,
  day date not null,
  checked_in integer not null default 0,
  no_show integer not null default 0,
  primary key (event_id, day)
);

-- Waiting-list demand: joins and seats asked for, per event, region and day joined.
create table report_waitlist (
  event_id bigint not null,
  region text not null,
  day date not null,
  joined integer not null default 0,
  seats integer not null default 0,
  primary key (event_id, region, day)
);
create index report_waitlist_day on report_waitlist (day);
