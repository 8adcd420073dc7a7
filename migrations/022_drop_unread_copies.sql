-- Issue 27: two read models that copied what the log already holds, written for every booking.
--
-- An order's timeline (the admin's order history, the access request's event list) is read from the
-- event log itself. The `order_history` read model was a second copy of every event of every order,
-- names and contacts in clear among them: one insert, one stream-version row and its JSON for each
-- event the worker applied, and one more copy for an erasure to scrub. The log holds each event once,
-- sealed under its person's key, so an erasure needs nothing more than the destroyed key.
drop table order_history;
delete from projection_stream_versions where projection = 'order_history';
delete from projection_leases where name = 'order_history';
delete from subscription_checkpoints where name = 'order_history';

-- `order_participants` (participant id -> order) was written for every booking and read by nothing.
drop table order_participants;
