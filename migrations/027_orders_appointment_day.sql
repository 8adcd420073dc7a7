-- Issue 45: the dashboard's Today tab reads the orders of two appointment days on every refresh.
create index orders_timeslot_date on orders (timeslot_date);
