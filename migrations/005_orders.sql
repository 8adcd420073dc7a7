-- Registrations: ids and reference numbers are allocated here; everything else about an order lives in
-- its registration-<id> event stream and the read models below.
create sequence registration_ids;

-- One row per reference number, written in the booking's transaction: the unique key makes a
-- colliding random reference fail the booking attempt, which then retries with a fresh number.
create table registration_references (
  reference_number text primary key,
  registration_id bigint not null unique,
  created_at timestamptz not null default now()
);

-- Read model (projection `orders`): what the admin list, lookups and the CSV export need, with names
-- and prices as they were at booking time.
create table orders (
  registration_id bigint primary key,
  reference_number text not null unique,
  status text not null,
  event_id bigint not null,
  event_name text not null,
  location text,
  package_id bigint not null,
  package_name text not null,
  package_price_cents integer not null,
  timeslot_id bigint not null,
  timeslot_date date,
  timeslot_time text,
  first_name text not null,
  last_name text not null,
  email text not null,
  mobile_number text,
  gender text,
  identification_number text,
  date_of_birth text,
  postal_code text,
  unit_number text,
  address text,
  region text,
  medical_conditions text,
  is_aia_member boolean not null default false,
  participant_count integer not null,
  participants jsonb not null,
  discount_code text,
  discount_label text,
  discount_identifier_id bigint,
  pricing jsonb not null,
  total_cents integer not null,
  discount_cents integer not null default 0,
  member_discount_cents integer not null default 0,
  partner_paid_cents integer not null default 0,
  balance_due_cents integer not null,
  paid_cents integer not null default 0,
  transaction_id text,
  payment_method text,
  wc_booking_code text,
  confirmation_email_sent boolean not null default false,
  cancelled_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index orders_created on orders (created_at desc, registration_id desc);
create index orders_status_created on orders (status, created_at desc);
create index orders_event_created on orders (event_id, created_at desc);
create index orders_package on orders (package_id);

-- Participant id -> registration, for the participant calls.
create table order_participants (
  participant_id text primary key,
  registration_id bigint not null
);
create index order_participants_registration on order_participants (registration_id);

-- Read model (projection `order_history`): every event of an order as a timeline, the admin's audit.
create table order_history (
  registration_id bigint not null,
  version bigint not null,
  type text not null,
  actor text not null,
  summary text not null,
  data jsonb not null,
  at timestamptz not null,
  primary key (registration_id, version)
);
