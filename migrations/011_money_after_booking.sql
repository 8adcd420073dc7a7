-- Money after the booking (issue 21): the orders read model keeps the payment hold, refunds and the
-- expiry, so the lookups, the admin list and the CSV read them from the row like everything else.
-- refunded_cents is the registration's running total (RefundRecorded carries it); refunds is the list
-- of refunds as the answers show them, oldest first; refund_review flags a late cancellation whose
-- refund staff decide.
alter table orders
  add column hold_until timestamptz,
  add column refunded_cents bigint not null default 0,
  add column last_refund_at timestamptz,
  add column refunds jsonb not null default '[]',
  add column refund_review boolean not null default false,
  add column expired_at timestamptz;

-- The worker's expiry sweep finds the holds that are due; only unpaid orders hold.
create index orders_hold_until on orders (hold_until) where status = 'pending_payment';
