-- Issue 48: the PayNow sweeper finds the orders that opened a PayNow intent lately (to ask Stripe
-- about the ones whose webhook never came, and to cancel those whose hold ran out) without
-- scanning the log: a partial index on the one event type it reads.
create index events_paynow_intents on events (recorded_at) where type = 'PayNowIntentOpened';
