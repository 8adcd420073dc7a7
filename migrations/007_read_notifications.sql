-- The api keeps the public catalogue answers (events, packages, slots and their availability) in
-- memory. Any change to what they are built from notifies `hs_reads` so every api instance drops
-- them at once. Row-level triggers, so a materialising `insert ... on conflict do nothing` that
-- inserts nothing does not notify (a statement trigger would, and empty the cache on every miss).
-- Postgres coalesces identical notifications of one transaction, so a batch of rows costs one.
create function hs_notify_reads() returns trigger language plpgsql as $$
begin
  perform pg_notify('hs_reads', '');
  return null;
end $$;

do $$
declare
  t text;
begin
  foreach t in array array['screening_events', 'event_configs', 'event_dates', 'packages', 'event_packages',
                           'timeslots', 'public_holidays', 'slot_availability'] loop
    execute format('create trigger %I after insert or update or delete on %I for each row execute function hs_notify_reads()',
                   t || '_notify_reads', t);
    execute format('create trigger %I after truncate on %I for each statement execute function hs_notify_reads()',
                   t || '_notify_reads_truncate', t);
  end loop;
end $$;
