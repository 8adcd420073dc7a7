-- Issue 27: a booking writes values over Postgres's 2 kB TOAST threshold (the RegistrationBooked
-- event with its personal-data envelopes, about 3 kB of JSON, and its copies in `orders` and
-- `order_history`), and Postgres compresses each. Its default method, pglz, was 2.5 % of all the CPU a
-- booking costs on the bench machine (perf, booking bench); lz4 compresses the same values in about a
-- tenth of the time, to nearly the same size. Set per column, on every compressible column, so it
-- holds for every session at once; values already stored keep their method (reads handle both).
-- A server built without lz4 keeps pglz: the migration must not fail there.
do $$
declare
  c record;
begin
  for c in
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('jsonb', 'json', 'text', 'bytea', 'character varying')
      and table_name in (select table_name from information_schema.tables
                         where table_schema = current_schema() and table_type = 'BASE TABLE')
  loop
    execute format('alter table %I alter column %I set compression lz4', c.table_name, c.column_name);
  end loop;
exception when feature_not_supported or invalid_parameter_value then
  raise notice 'lz4 is not available on this server: values stay compressed with pglz';
end $$;
