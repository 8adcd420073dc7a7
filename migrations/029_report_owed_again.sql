-- Issue 45: a refund staff make owed again (confirming a refunded order) and then paid again is revenue
-- again. The reports projection keeps, per registration, the refunds made owed again so far and the
-- part of them not paid back yet; a payment counts that part as revenue on its day.
alter table report_registrations
  add column reinstated_cents bigint not null default 0,
  add column owed_again_cents bigint not null default 0;

-- What the events the read model has applied already made owed again (projection_stream_versions), so a
-- later confirmation counts only its own growth and the events it has not reached yet it counts itself.
-- A refund owed again and paid back before this migration is not counted back into past days here; a
-- rebuild of the reports read model (which replays the log) does.
update report_registrations r
set reinstated_cents = s.reinstated
from (
  select substring(e.stream_id from 14)::bigint as registration_id,
         max((e.data->>'reinstatedCents')::bigint) as reinstated
  from events e
    join projection_stream_versions v
      on v.projection = 'reports' and v.stream_id = e.stream_id and e.version <= v.version
  where e.type = 'StatusChanged' and e.stream_id like 'registration-%' and e.data ? 'reinstatedCents'
  group by 1
) s
where r.registration_id = s.registration_id;
