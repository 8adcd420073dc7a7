-- Issue 48: the PayNow sweeper finds the orders that opened a PayNow intent or asked for a refund
-- lately (to ask Stripe about what a lost webhook did not say, and to cancel the QRs of orders
-- whose hold ran out) without scanning the log: a partial index on the two event types it reads.
create index events_paynow_sweep on events (recorded_at) where type in ('PayNowIntentOpened', 'RefundRequested');
