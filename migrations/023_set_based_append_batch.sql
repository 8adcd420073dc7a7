-- Issue 27: a group commit's batch written with a handful of statements, not a handful per item.
--
-- eventstore_append_batch (020) ran eventstore_append once per item, in its own exception block: for a
-- batch of twenty bookings that is about a hundred statements, each planned and started on its own.
-- Measured alone (one backend, batches of twenty bookings of two events each), that machinery was a
-- quarter of the batch's Postgres CPU.
--
-- Now the batch is first tried whole, set-based (eventstore_append_set): every stream of the batch
-- locked in id order, every expected version checked, the streams moved on in one update and one
-- insert, every event inserted by one statement. When that cannot answer each item exactly as the
-- item-by-item path would (a wrong expected version, a stream created meanwhile, a unique violation,
-- a stream in two items, an item that expects any version), it raises, its subtransaction undoes all
-- of it, and the item-by-item path (eventstore_append_items, 020's loop unchanged) writes the batch and
-- gives each failing item its own error. The answers are the same either way.

alter function eventstore_append_batch(jsonb, boolean) rename to eventstore_append_items;

-- The whole batch at once, or an exception (SQLSTATE HSSET when it does not apply). One row of arrays:
-- the streams written (item, stream id, new version; by item, then in each item's own order) and each
-- item's last global position. Callers take it inside an exception block; nothing of it stays on error.
create function eventstore_append_set(
  p_items jsonb,
  out o_stream_items int[],
  out o_stream_ids text[],
  out o_versions bigint[],
  out o_transaction_id text,
  out o_last_positions bigint[]
)
language plpgsql as $$
declare
  v_xid xid8 := pg_current_xact_id();
  v_items int[];
  v_orders int[];
  v_ids text[];
  v_types text[];
  v_expected bigint[];
  v_counts bigint[];
  v_bases bigint[];
  v_exists boolean[];
  v_refused int;
  v_new int;
  v_inserted int;
begin
  -- Every stream of the batch, in stream id order (the order rows are locked in, as eventstore_append
  -- locks one item's).
  select array_agg(s.item order by s.id), array_agg(s.ord order by s.id), array_agg(s.id order by s.id),
         array_agg(s.type order by s.id), array_agg(s.expected order by s.id), array_agg(s.count order by s.id)
    into v_items, v_orders, v_ids, v_types, v_expected, v_counts
    from (
      select (i.ord - 1)::int as item, (x.ord - 1)::int as ord, x.id, x.type, x.expected, x.count
      from jsonb_array_elements(p_items) with ordinality as i(value, ord)
      cross join lateral rows from (
        jsonb_to_recordset(i.value -> 'streams') as (id text, type text, expected bigint, count bigint)
      ) with ordinality as x(id, type, expected, count, ord)
    ) s;
  if v_ids is null
     or cardinality(v_ids) <> (select count(distinct u.id) from unnest(v_ids) as u(id))
     or -2 = any(v_expected) then
    raise exception 'batch not for the set-based path' using errcode = 'HSSET';
  end if;

  -- Lock the streams that exist and check every expected version against them (020's conditions).
  select array_agg(t.version order by u.n), array_agg(t.stream_id is not null order by u.n),
         count(*) filter (where not case
           when u.expected <= 0 then t.stream_id is null
           else t.version is not distinct from u.expected and t.last_transaction_id <= v_xid
         end)
    into v_bases, v_exists, v_refused
    from unnest(v_ids, v_expected) with ordinality as u(id, expected, n)
    left join (
      select k.stream_id, k.version, k.last_transaction_id from streams k
      where k.stream_id = any(v_ids)
      order by k.stream_id
      for update
    ) t on t.stream_id = u.id;
  if v_refused > 0 then
    raise exception 'an expected version does not match' using errcode = 'HSSET';
  end if;

  update streams t
    set version = t.version + u.count, last_transaction_id = v_xid, updated_at = now()
    from unnest(v_ids, v_counts, v_exists) as u(id, count, present)
    where u.present and t.stream_id = u.id;
  select count(*) into v_new from unnest(v_exists) as u(present) where not u.present;
  if v_new > 0 then
    insert into streams (stream_id, stream_type, version, last_transaction_id)
      select u.id, u.type, u.count, v_xid
      from unnest(v_ids, v_types, v_counts, v_exists) as u(id, type, count, present)
      where not u.present
      order by u.id
      on conflict (stream_id) do nothing;
    get diagnostics v_inserted = row_count;
    if v_inserted <> v_new then
      raise exception 'a new stream was created meanwhile' using errcode = 'HSSET';
    end if;
  end if;

  -- Every event, items in order and each item's in its order, so positions rise as they did one by one.
  with st as (
    select * from unnest(v_items, v_orders, v_ids, v_bases) as u(item, ord, id, base)
  ), ev as materialized (
    select (i.ord - 1)::int as item, e.s, e.id, e.type, e.data, e.metadata, e.ord
    from jsonb_array_elements(p_items) with ordinality as i(value, ord)
    cross join lateral rows from (
      jsonb_to_recordset(i.value -> 'events') as (s int, id uuid, type text, data jsonb, metadata jsonb)
    ) with ordinality as e(s, id, type, data, metadata, ord)
  ), ins as (
    insert into events (event_id, stream_id, version, type, data, metadata)
    select ev.id, st.id, coalesce(st.base, 0) + row_number() over (partition by ev.item, ev.s order by ev.ord),
           ev.type, ev.data, ev.metadata
    from ev join st on st.item = ev.item and st.ord = ev.s
    order by ev.item, ev.ord
    returning event_id, global_position
  )
  select array_agg(p.pos order by p.item) into o_last_positions
  from (
    select ev.item, max(ins.global_position) as pos from ins join ev on ev.id = ins.event_id group by ev.item
  ) p;

  select array_agg(u.item order by u.item, u.ord), array_agg(u.id order by u.item, u.ord),
         array_agg(coalesce(u.base, 0) + u.count order by u.item, u.ord)
    into o_stream_items, o_stream_ids, o_versions
    from unnest(v_items, v_orders, v_ids, v_bases, v_counts) as u(item, ord, id, base, count);
  o_transaction_id := v_xid::text;
  if cardinality(o_last_positions) <> jsonb_array_length(p_items) then
    raise exception 'an item without events' using errcode = 'HSSET';
  end if;
end;
$$;

-- 020's contract, unchanged: one row per item, in order, each with its versions or its own error.
create function eventstore_append_batch(p_items jsonb, p_notify boolean)
returns table (
  r_item int,
  r_stream_ids text[],
  r_versions bigint[],
  r_transaction_id text,
  r_last_position bigint,
  r_error_code text,
  r_error_detail text,
  r_error_constraint text,
  r_error_message text
)
language plpgsql as $$
declare
  v_stream_items int[];
  v_stream_ids text[];
  v_versions bigint[];
  v_transaction_id text;
  v_last_positions bigint[];
  v_whole boolean := false;
begin
  begin
    select s.o_stream_items, s.o_stream_ids, s.o_versions, s.o_transaction_id, s.o_last_positions
      into v_stream_items, v_stream_ids, v_versions, v_transaction_id, v_last_positions
      from eventstore_append_set(p_items) s;
    v_whole := true;
  exception when others then
    -- Undone: the item-by-item path below gives each item its own answer.
    v_whole := false;
  end;
  if v_whole then
    return query
      select (p.n - 1)::int,
             array(select v_stream_ids[k] from generate_subscripts(v_stream_ids, 1) as k
                   where v_stream_items[k] = p.n - 1 order by k),
             array(select v_versions[k] from generate_subscripts(v_versions, 1) as k
                   where v_stream_items[k] = p.n - 1 order by k),
             v_transaction_id, p.pos, null::text, null::text, null::text, null::text
      from unnest(v_last_positions) with ordinality as p(pos, n)
      order by p.n;
  else
    return query select * from eventstore_append_items(p_items, false);
  end if;
  if p_notify then
    perform pg_notify('hs_events', '');
  end if;
end;
$$;
