-- Issue 46: where an appointment happens. An event has a venue (region null); a region-based event
-- (postal-code booking) may have one per region, which its appointments in that region go to. The
-- spec's free-text screening_events.location stays as it is.
create table event_venues (
  id bigint generated always as identity primary key,
  event_id bigint not null references screening_events (id) on delete cascade,
  region text check (region is null or region in ('north', 'south', 'east', 'west', 'central')),
  name text not null check (name <> ''),
  address text not null check (address <> ''),
  postal_code text not null check (postal_code ~ '^\d{6}$'),
  map_url text check (map_url is null or map_url like 'https://%'),
  phone text,
  email text,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  check ((latitude is null) = (longitude is null)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One venue of the event's own and one per region.
create unique index event_venues_event on event_venues (event_id) where region is null;
create unique index event_venues_event_region on event_venues (event_id, region) where region is not null;
create trigger event_venues_touch before update on event_venues for each row execute function touch_updated_at();

-- The public catalogue answers carry the venues: a change drops the api's cached answers (as 007).
create trigger event_venues_notify_reads after insert or update or delete on event_venues
  for each row execute function hs_notify_reads();
create trigger event_venues_notify_reads_truncate after truncate on event_venues
  for each statement execute function hs_notify_reads();
