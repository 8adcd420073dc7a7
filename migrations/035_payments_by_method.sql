-- Issue 48: amounts split by how they were paid (card, PayNow, cash, NETS, the clinic's card terminal,
-- partner, other) in the orders CSV, the Reports tab and the GST report. A method's group is decided in
-- packages/domain (paymentMethodGroup); the backfills below spell the same rule once, in SQL, for the
-- rows that exist already: a card sale through our gateway is 'card' whatever its details.
create function pg_temp.method_group(method text) returns text language sql immutable as $$
  select case
    when method ~ '^(test )?card\M' then 'card'
    when method in ('paynow', 'cash', 'nets', 'card_terminal', 'partner') then method
    else 'other' end
$$;

-- Orders: paid cents per group (the orders projection adds each payment). As in 028, only the events
-- the read model has applied already are counted here; the ones it has not reached it adds itself.
alter table orders add column paid_by_method jsonb not null default '{}';
-- as every other compressible column of orders (migration 021), where the server has lz4
do $$
begin
  alter table orders alter column paid_by_method set compression lz4;
exception when feature_not_supported or invalid_parameter_value then
  null;
end $$;
update orders o
set paid_by_method = s.paid
from (
  select registration_id, jsonb_object_agg(grp, cents) as paid
  from (
    select substring(e.stream_id from 14)::bigint as registration_id,
           pg_temp.method_group(e.data->>'method') as grp, sum((e.data->>'amountCents')::bigint) as cents
    from events e
      join projection_stream_versions v
        on v.projection = 'orders' and v.stream_id = e.stream_id and e.version <= v.version
    where e.type = 'PaymentRecorded' and e.stream_id like 'registration-%'
    group by 1, 2
  ) g
  group by registration_id
) s
where o.registration_id = s.registration_id;

-- Reports: money received and refunded per event, Singapore day and group.
create table report_payments (
  event_id bigint not null,
  day date not null,
  method text not null,
  received_cents bigint not null default 0,
  refunded_cents bigint not null default 0,
  primary key (event_id, day, method)
);
create index report_payments_day on report_payments (day);

-- A refund's group is its sale's: the RefundRequested names the sale, the sale's PaymentRecorded its
-- method (refunds recorded without a request were card refunds).
insert into report_payments (event_id, day, method, received_cents, refunded_cents)
select r.event_id, m.day, m.grp, sum(m.received), sum(m.refunded)
from (
  select e.stream_id, (coalesce((e.data->>'at')::timestamptz, e.recorded_at) at time zone 'Asia/Singapore')::date as day,
         pg_temp.method_group(e.data->>'method') as grp, (e.data->>'amountCents')::bigint as received, 0::bigint as refunded
  from events e
    join projection_stream_versions v
      on v.projection = 'reports' and v.stream_id = e.stream_id and e.version <= v.version
  where e.type = 'PaymentRecorded' and e.stream_id like 'registration-%'
  union all
  select e.stream_id, (coalesce((e.data->>'at')::timestamptz, e.recorded_at) at time zone 'Asia/Singapore')::date,
         coalesce(pg_temp.method_group(sale.data->>'method'), 'card'), 0, (e.data->>'amountCents')::bigint
  from events e
    join projection_stream_versions v
      on v.projection = 'reports' and v.stream_id = e.stream_id and e.version <= v.version
    left join events req
      on req.stream_id = e.stream_id and req.type = 'RefundRequested' and req.data->>'refundId' = e.data->>'refundId'
    left join events sale
      on sale.stream_id = e.stream_id and sale.type = 'PaymentRecorded'
     and sale.data->>'transactionId' = req.data->>'transactionId'
  where e.type = 'RefundRecorded' and e.stream_id like 'registration-%'
) m
  join report_registrations r on r.registration_id = substring(m.stream_id from 14)::bigint
group by r.event_id, m.day, m.grp;

-- The GST report: each issued document's group, kept in the register beside its sums. An invoice
-- counts in the group of the order's latest payment when it was issued ('other': nothing paid yet); a
-- credit note in its refund's sale's group ('other': an order reduced without a refund).
alter table invoices add column payment_method text;
update invoices i
set payment_method = coalesce(
  (select pg_temp.method_group(p.data->>'method') from events p
   where p.stream_id = 'registration-' || i.registration_id and p.type = 'PaymentRecorded'
     and p.recorded_at <= i.issued_at
   order by p.version desc limit 1),
  'other')
where i.kind = 'invoice';
update invoices i
set payment_method = case when i.refund_id is null then 'other' else coalesce(
  (select pg_temp.method_group(sale.data->>'method')
   from events req
     join events sale on sale.stream_id = req.stream_id and sale.type = 'PaymentRecorded'
      and sale.data->>'transactionId' = req.data->>'transactionId'
   where req.stream_id = 'registration-' || i.registration_id and req.type = 'RefundRequested'
     and req.data->>'refundId' = i.refund_id
   limit 1),
  'card') end
where i.kind = 'credit-note';
alter table invoices alter column payment_method set not null;
