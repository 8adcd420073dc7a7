-- A booking's reference number is unique through the log itself: this index makes an append whose
-- RegistrationBooked repeats an existing number fail (the booking draws another), so the booking is a
-- single statement with no separate reference row and no BEGIN/COMMIT round trips around it
-- (docs/performance.md). Lookups by reference number use the same index.
create unique index events_registration_reference on events ((data ->> 'referenceNumber'))
  where type = 'RegistrationBooked';

-- Its rows are exactly the RegistrationBooked events' numbers, so nothing is lost.
drop table registration_references;
