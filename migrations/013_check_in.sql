-- The screening day (issue 23): check-in tokens, and the orders read model's attendance.

-- One opaque check-in token per order, made the first time a confirmation shows it (api or worker), so
-- orders booked before this migration get one too. Random bytes, never a name, NRIC or reference: the
-- QR code on the confirmation carries only this.
create table check_in_tokens (
  registration_id bigint primary key,
  token text not null unique,
  created_at timestamptz not null default now()
);

-- check_ins: participant id -> { at, by } of their check-in (ParticipantsCheckedIn); no_shows: the
-- participant ids the worker marked after the appointment day (MarkedNoShow), at no_show_at.
alter table orders
  add column check_ins jsonb not null default '{}',
  add column no_shows jsonb not null default '[]',
  add column no_show_at timestamptz;

-- The attendee sheet and the check-in search read one event's day.
create index orders_event_day on orders (event_id, timeslot_date);
