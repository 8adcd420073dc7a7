-- The event log (packages/eventstore). docs/events.md explains every guarantee these tables carry.

-- One row per stream: its current version and the transaction that wrote it last. The row is the
-- optimistic-concurrency lock: an append updates it (row lock until commit) or inserts it.
create table streams (
  stream_id text primary key,
  stream_type text not null,
  version bigint not null,
  -- Lets append refuse to put a later version of a stream in an older transaction: subscribers
  -- read in (transaction_id, global_position) order, so that would deliver versions out of order.
  last_transaction_id xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
) with (fillfactor = 70); -- room for HOT updates: every append rewrites its stream rows

create table events (
  global_position bigint generated always as identity primary key,
  event_id uuid not null,
  stream_id text not null,
  version bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  -- The writing transaction, so subscribers can read only below the snapshot horizon (xmin):
  -- positions are taken at insert but become visible at commit, which is not position order.
  transaction_id xid8 not null default pg_current_xact_id(),
  recorded_at timestamptz not null default now(),
  constraint events_stream_version unique (stream_id, version)
);
create index events_transaction_position on events (transaction_id, global_position);
create unique index events_event_id on events (event_id);

-- One row per subscription (projection, reactor, plain subscriber): the last (transaction, position)
-- pair it has fully handled. Projections advance it in the transaction that writes their read model.
create table subscription_checkpoints (
  name text primary key,
  transaction_id xid8 not null default '0',
  global_position bigint not null default 0,
  updated_at timestamptz not null default now()
) with (fillfactor = 50);

-- At most one active runner per subscription across all hosts; a holder that stops renewing
-- loses it once expires_at passes.
create table projection_leases (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null,
  acquired_at timestamptz not null default now()
) with (fillfactor = 50);

-- Last stream version each projection applied, so an event delivered again is ignored.
create table projection_stream_versions (
  projection text not null,
  stream_id text not null,
  version bigint not null,
  primary key (projection, stream_id)
) with (fillfactor = 70);

-- Appends to one or more streams atomically, with per-stream expected versions:
--   expected >= 1: the stream must be at exactly that version; 0 or -1: it must not exist; -2: any.
-- One statement, so an append outside a caller's transaction is a single round trip in its own
-- implicit transaction. A conflict raises SQLSTATE HS409 (detail: JSON naming the stream); the
-- caller's whole transaction then rolls back, so no stream of the batch is written.
create function eventstore_append(p_streams jsonb, p_events jsonb, p_notify boolean)
returns table (r_stream_id text, r_version bigint, r_transaction_id text, r_last_position bigint)
language plpgsql as $$
declare
  v_xid xid8 := pg_current_xact_id();
  s record;
  v_new bigint;
  v_actual bigint;
  v_ids text[] := '{}';
  v_bases bigint[] := '{}';
  v_versions bigint[] := '{}';
  v_last bigint;
begin
  for s in
    select x.id, x.type, x.expected, x.count
    from jsonb_to_recordset(p_streams) as x(id text, type text, expected bigint, count bigint)
  loop
    v_new := null;
    if s.expected = -2 then
      insert into streams as t (stream_id, stream_type, version, last_transaction_id)
      values (s.id, s.type, s.count, v_xid)
      on conflict (stream_id) do update
        set version = t.version + s.count, last_transaction_id = v_xid, updated_at = now()
        where t.last_transaction_id <= v_xid
      returning t.version into v_new;
    elsif s.expected <= 0 then
      insert into streams (stream_id, stream_type, version, last_transaction_id)
      values (s.id, s.type, s.count, v_xid)
      on conflict (stream_id) do nothing
      returning streams.version into v_new;
    else
      update streams t
        set version = t.version + s.count, last_transaction_id = v_xid, updated_at = now()
        where t.stream_id = s.id and t.version = s.expected and t.last_transaction_id <= v_xid
      returning t.version into v_new;
    end if;
    if v_new is null then
      select t.version into v_actual from streams t where t.stream_id = s.id;
      raise exception 'wrong expected version for stream %', s.id
        using errcode = 'HS409',
              detail = jsonb_build_object('streamId', s.id, 'expected', s.expected, 'actual', v_actual)::text;
    end if;
    v_ids := v_ids || s.id;
    v_bases := v_bases || (v_new - s.count);
    v_versions := v_versions || v_new;
  end loop;

  with ins as (
    insert into events (event_id, stream_id, version, type, data, metadata)
    select e.id, v_ids[e.s + 1], v_bases[e.s + 1] + row_number() over (partition by e.s order by e.ord),
           e.type, e.data, e.metadata
    from rows from (jsonb_to_recordset(p_events) as (s int, id uuid, type text, data jsonb, metadata jsonb))
      with ordinality as e(s, id, type, data, metadata, ord)
    order by e.ord
    returning global_position
  )
  select max(global_position) into v_last from ins;

  if p_notify then
    perform pg_notify('hs_events', '');
  end if;

  return query
    select u.id, u.v, v_xid::text, v_last from unnest(v_ids, v_versions) as u(id, v);
end;
$$;
