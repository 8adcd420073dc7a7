-- Erasure (issue 24): an order whose personal data was erased keeps its reference, slot, package,
-- amounts and statuses; its personal columns are emptied and this says when. Null while held.
alter table orders add column personal_data_erased_at timestamptz;

-- The retention sweep looks for orders not yet erased by appointment date.
create index orders_retention on orders (timeslot_date) where personal_data_erased_at is null;
