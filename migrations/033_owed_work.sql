-- Issue 47: the work the reactor owes (one row per reaction it enqueued: the BullMQ job id, queue, name
-- and payload, ids only), kept until the job's final outcome (completed, skipped or failed for good).
-- The reconciler reads the rows of its look-back window, asks BullMQ for each job, and enqueues the
-- ones Redis lost again under the same job id; its cost follows this table, not the log.
create table owed_work (
  job_id text primary key,
  queue text not null,
  job_name text not null,
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  -- the order whose stream holds the job's done facts; null for a waiting-list entry's email
  registration_id bigint,
  owed_since timestamptz not null default now(),
  -- a delayed reaction is not run before this
  due_at timestamptz not null default now(),
  -- a run of the job holds it (renewed while it runs): a second run of the same job id (enqueued again
  -- after Redis lost the first, whose Redis lock went with it) waits, then finds the fact recorded
  claimed_by text,
  claimed_until timestamptz
);
create index owed_work_owed_since on owed_work (owed_since, job_id);
