-- Issue 45: staff confirming a cancelled order that was refunded makes what was refunded owed again
-- (StatusChanged carries the running total, reinstatedCents). What is left to pay is then
-- balance_due_cents - paid_cents + reinstated_cents: a confirmed order never hides a balance.
alter table orders add column reinstated_cents bigint not null default 0;
