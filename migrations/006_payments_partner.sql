-- Card payment attempts, one row per idempotency key: a replayed request answers the stored result
-- instead of charging again.
create table payment_attempts (
  idempotency_key text primary key,
  registration_id bigint not null,
  amount_cents integer not null,
  status text not null check (status in ('succeeded', 'declined', 'failed')),
  transaction_id text,
  response jsonb not null,
  created_at timestamptz not null default now()
);
create index payment_attempts_registration on payment_attempts (registration_id);

-- Partner (WhiteCoat) bookings recorded through /api/wc/create-registration. The paid amount comes from
-- the partner, never from the client; the partner-booking-<code> stream makes each code complete at
-- most one booking.
create table partner_bookings (
  id bigint generated always as identity primary key,
  booking_code text not null unique,
  paid_cents integer not null check (paid_cents >= 0),
  is_paid boolean not null,
  created_at timestamptz not null default now()
);
