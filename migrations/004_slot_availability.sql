-- Read model of the timeslot-<id> streams: seats taken, capacity and availability per slot.
-- Written only by the slot_availability projection (packages/read-models). A slot without events yet
-- has no row: readers take the catalogue's capacity, 0 booked, available.
create table slot_availability (
  timeslot_id bigint primary key,
  current_attendees integer not null default 0,
  max_attendees integer,
  is_available boolean not null default true,
  updated_at timestamptz not null default now()
);
