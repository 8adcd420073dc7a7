-- Issue 26: each screening event's reminder schedule, a list of { offsetHours, channel } (channel
-- 'email', 'sms' or 'both'). Null: the default schedule (72 h and 24 h before, by email).
alter table screening_events add column reminders jsonb
  check (reminders is null or jsonb_typeof(reminders) = 'array');
