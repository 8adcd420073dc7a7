-- Shared helpers used by later migrations.

-- Every catalogue table keeps created_at / updated_at; this trigger keeps updated_at honest.
create or replace function touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create table system_settings (
  id bigint generated always as identity primary key,
  setting_key text not null unique,
  setting_value text not null,
  description text,
  last_updated_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger system_settings_touch before update on system_settings
  for each row execute function touch_updated_at();
