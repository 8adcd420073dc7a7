-- A booking reads its slot's latest seat event and latest block and capacity events
-- (readLatestOfTypes). Block and capacity events are rare, so finding the latest of them, or that
-- there is none, walked the slot's whole stream on every booking: 2.2 ms a read at 500 bookings a
-- slot (docs/performance.md). This index holds only those events, and the read names their types as
-- constants so the planner can prove it applies. The types are the domain's TIMESLOT_LATEST_KINDS.
create index events_timeslot_settings on events (stream_id, version)
  where type in ('SlotBlocked', 'SlotUnblocked', 'CapacityChanged');
