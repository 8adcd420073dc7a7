-- Waiting list (issue 22): read model of the waitlist-<entryId> streams, written only by the
-- waitlist_entries projection (packages/read-models). One row per event and email (the entry id is
-- derived from them); a new join after the entry ended overwrites the row. The token is never stored,
-- only its SHA-256 (hex) for the customer's links. Offered seats are held on the slot's own stream.
-- The place in line: taken from this sequence when the projection applies a join, so the line is
-- the log's commit order (what a subscriber sees), not the joiners' clocks: two people joining at the
-- same moment are told different places. A rebuild draws new numbers in the same order.
create sequence waitlist_line;

create table waitlist_entries (
  id text primary key,
  event_id bigint not null,
  package_id bigint not null,
  region text not null,
  postal_code text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  mobile_number text not null,
  seats integer not null,
  preferred_dates text[] not null default '{}',
  token_hash text not null unique,
  status text not null
    check (status in ('waiting', 'offered', 'booked', 'expired', 'left', 'removed')),
  joined_at timestamptz not null,
  offer_timeslot_id bigint,
  offer_date text,
  offer_time text,
  offer_expires_at timestamptz,
  registration_id bigint,
  updated_at timestamptz not null,
  line bigint not null default nextval('waitlist_line')
);

-- Positions and the matcher's queue: the active entries of an event in line order.
create index waitlist_entries_active on waitlist_entries (event_id, line)
  where status in ('waiting', 'offered');
-- The matcher's expiry sweep finds the offers that are due.
create index waitlist_entries_due on waitlist_entries (offer_expires_at) where status = 'offered';
