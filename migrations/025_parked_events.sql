-- Issue 43: no single event may stop a subscriber.
--
-- An event a projection or the reactor still cannot handle after a few tries, while the rest of the log
-- can be handled, is parked here with its error: that subscriber skips it (and, for a projection, the
-- later events of the same stream, which would otherwise be applied out of order) and goes on. Staff see
-- parked events on the admin system view and in /readyz's detail and ask for a retry once the cause is
-- fixed (retry_requested_at); the subscriber applies it and deletes its rows.
create table parked_events (
  subscriber text not null,
  event_id uuid not null,
  stream_id text not null,
  stream_version bigint not null,
  event_type text not null,
  transaction_id xid8 not null,
  global_position bigint not null,
  error text not null,
  -- 0 for an event held behind an earlier parked event of its stream (it never failed itself).
  attempts int not null,
  parked_at timestamptz not null default now(),
  retry_requested_at timestamptz,
  primary key (subscriber, event_id)
);
create index parked_events_stream on parked_events (subscriber, stream_id, transaction_id, global_position);
