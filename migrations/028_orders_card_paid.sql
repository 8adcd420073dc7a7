-- Issue 45: what Refund… can give back is what was paid by card and not refunded yet. A partner's
-- payment (the partner refunds its own) and one taken at the desk (cash, NETS, the clinic's card
-- terminal) are not refunded through the gateway, so the back office must not offer them. The orders
-- read model keeps the card-paid part beside paid_cents; the rows already there take it from the log,
-- from the events the read model has applied already (projection_stream_versions): the ones it has not
-- reached yet it adds itself, so none is counted twice.
alter table orders add column card_paid_cents bigint not null default 0;

update orders o
set card_paid_cents = s.cents
from (
  select substring(e.stream_id from 14)::bigint as registration_id, sum((e.data->>'amountCents')::bigint) as cents
  from events e
    join projection_stream_versions v
      on v.projection = 'orders' and v.stream_id = e.stream_id and e.version <= v.version
  where e.type = 'PaymentRecorded' and e.stream_id like 'registration-%'
    and e.data->>'method' ~ '^(test )?card\M'
  group by 1
) s
where o.registration_id = s.registration_id;

-- Confirmed orders whose refund is owed again (issue 45) wait for payment too: the Today tab lists
-- them beside the pending ones, found through this small index (such orders are rare).
create index orders_owed_again on orders (registration_id) where reinstated_cents > 0;
