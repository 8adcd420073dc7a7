-- Issue 27: the versions a projection group has applied are read by stream.
--
-- A projection group's batch read looks up, for every event it reads, the version each of its members
-- has applied of the event's stream (`projection = any(members) and stream_id = the event's`). Keyed
-- (projection, stream_id), that lookup descended the index once per member (three for the `orders`
-- group); keyed (stream_id, projection), it descends once and reads the stream's two or three rows side
-- by side. Measured on a booking bench's database (10,000 events, three members): 159 to 164 ms against
-- 86 to 90 ms, about 7 µs of Postgres per event (docs/performance.md, sixteenth round). A group's
-- members also write their rows of one stream together, now on one index page.
--
-- What reads by projection alone is a rebuild's swap (its delete and copy), once per rebuild: it scans
-- the table, which holds two or three rows per order.
alter table projection_stream_versions drop constraint projection_stream_versions_pkey;
alter table projection_stream_versions add primary key (stream_id, projection);
