-- Issue 27: an order's timeline (the admin's order history, the access request's event list) is read
-- from the event log itself. The `order_history` read model was a second copy of every event of every
-- order, names and contacts in clear among them: one insert, one stream-version row and its JSON for
-- each event the worker applied, and one more copy for an erasure to scrub. The log already holds each
-- event once, sealed under its person's key, so an erasure needs nothing more than the destroyed key.
drop table order_history;
delete from projection_stream_versions where projection = 'order_history';
delete from projection_leases where name = 'order_history';
delete from subscription_checkpoints where name = 'order_history';
