-- Issue 45: a refund staff make owed again (confirming a refunded order) and then paid again is revenue
-- again. The reports projection keeps, per registration, the refunds made owed again so far and the
-- part of them not paid back yet; a payment counts that part as revenue on its day.
alter table report_registrations
  add column reinstated_cents bigint not null default 0,
  add column owed_again_cents bigint not null default 0;

-- What the log already made owed again, so a later confirmation counts only its own growth; a refund
-- owed again before this read model kept it is not counted back (the figures stay as they were).
update report_registrations r
set reinstated_cents = s.reinstated
from (
  select substring(stream_id from 14)::bigint as registration_id,
         max((data->>'reinstatedCents')::bigint) as reinstated
  from events
  where type = 'StatusChanged' and stream_id like 'registration-%' and data ? 'reinstatedCents'
  group by 1
) s
where r.registration_id = s.registration_id;
