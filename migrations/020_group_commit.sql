-- Group commit (issue 27): several independent appends in one statement, so one transaction and one
-- WAL flush carry a whole batch of commands. Each item is eventstore_append as it always was, inside
-- its own exception block (a subtransaction): a wrong expected version (HS409) or a unique violation
-- (a reference number already taken) undoes that item alone, and its row says why, while the others
-- commit. One row per item, in the order given; callers keep batches at or under 64 items, the
-- subtransaction ids Postgres caches per backend, so other sessions' snapshots stay cheap.
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
  v_item jsonb;
  v_n int := 0;
begin
  for v_item in select value from jsonb_array_elements(p_items) loop
    r_item := v_n;
    r_stream_ids := null; r_versions := null; r_transaction_id := null; r_last_position := null;
    r_error_code := null; r_error_detail := null; r_error_constraint := null; r_error_message := null;
    begin
      select array_agg(a.r_stream_id), array_agg(a.r_version), min(a.r_transaction_id), max(a.r_last_position)
        into r_stream_ids, r_versions, r_transaction_id, r_last_position
        from eventstore_append(v_item -> 'streams', v_item -> 'events', false) a;
    exception when others then
      get stacked diagnostics r_error_code = returned_sqlstate, r_error_detail = pg_exception_detail,
        r_error_constraint = constraint_name, r_error_message = message_text;
    end;
    return next;
    v_n := v_n + 1;
  end loop;
  if p_notify then
    perform pg_notify('hs_events', '');
  end if;
end;
$$;
