-- Issue 46: staff translate an event's and a package's name and description into Chinese, Malay and
-- Tamil; English stays in the main columns and is the fallback, field by field.
-- Shape: {"zh": {"name": "…", "description": "…"}, "ms": {…}, "ta": {…}}, only the texts given.
alter table screening_events
  add column translations jsonb not null default '{}'::jsonb
  check (jsonb_typeof(translations) = 'object');
alter table packages
  add column translations jsonb not null default '{}'::jsonb
  check (jsonb_typeof(translations) = 'object');
