-- Money columns in cents were integer, whose top is S$21,474,836.47. A package may cost up to
-- decimal(10,2)'s S$99,999,999.99 and an order holds ten participants plus GST, so a valid booking
-- could overflow a column: the orders projection then failed on that event at every retry and
-- stopped there, and no later booking reached the read model. bigint holds any order the API accepts
-- (the driver reads int8 as a JavaScript number, exact below 2^53).
alter table orders
  alter column package_price_cents type bigint,
  alter column total_cents type bigint,
  alter column discount_cents type bigint,
  alter column member_discount_cents type bigint,
  alter column partner_paid_cents type bigint,
  alter column balance_due_cents type bigint,
  alter column paid_cents type bigint;

alter table payment_attempts alter column amount_cents type bigint;
alter table partner_bookings alter column paid_cents type bigint;
