-- Catalogue and back-office tables: ordinary rows with created/updated stamps.
-- Admin changes to them also write an audit_log row in the same transaction.

create table users (
  id bigint generated always as identity primary key,
  username text not null unique,
  password_hash text not null,
  email text,
  role text not null default 'admin',
  last_login timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger users_touch before update on users for each row execute function touch_updated_at();

-- Tokens revoked at logout stay refused until they would have expired anyway.
create table revoked_tokens (
  jti text primary key,
  expires_at timestamptz not null
);
create index revoked_tokens_expires on revoked_tokens (expires_at);

create table login_failures (
  id bigint generated always as identity primary key,
  username text not null,
  ip text not null,
  at timestamptz not null default now()
);
create index login_failures_username on login_failures (username, at);
create index login_failures_ip on login_failures (ip, at);

-- Screening events (the spec's Event). The name `events` belongs to the event store's log.
create table screening_events (
  id bigint generated always as identity primary key,
  name text not null,
  description text,
  slug text not null unique,
  location text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger screening_events_touch before update on screening_events for each row execute function touch_updated_at();

create table packages (
  id bigint generated always as identity primary key,
  name text not null,
  description text,
  price numeric(10, 2) not null check (price > 0),
  aia_price numeric(10, 2) check (aia_price is null or aia_price > 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger packages_touch before update on packages for each row execute function touch_updated_at();

create table event_packages (
  id bigint generated always as identity primary key,
  event_id bigint not null references screening_events (id) on delete cascade,
  package_id bigint not null references packages (id) on delete cascade,
  unique (event_id, package_id)
);
create index event_packages_package on event_packages (package_id);

-- How an event's timeslots come about: 'manual' (admin-defined dates and times) or 'auto' (region table).
create table event_configs (
  id bigint generated always as identity primary key,
  event_id bigint not null unique references screening_events (id) on delete cascade,
  config_type text not null default 'manual' check (config_type in ('manual', 'auto')),
  num_slots integer not null default 10 check (num_slots between 1 and 365),
  buffer_hours integer not null default 24 check (buffer_hours between 0 and 8760),
  slots_per_timeslot integer not null default 1 check (slots_per_timeslot between 1 and 100),
  max_attendees integer not null default 20 check (max_attendees between 1 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger event_configs_touch before update on event_configs for each row execute function touch_updated_at();

create table event_dates (
  id bigint generated always as identity primary key,
  event_id bigint not null references screening_events (id) on delete cascade,
  date date not null,
  unique (event_id, date)
);

-- Timeslot definitions. Seats and availability live in the timeslot-<id> event stream and its read model.
-- region is null for manual slots; auto slots are materialised once per natural key.
create table timeslots (
  id bigint generated always as identity primary key,
  event_id bigint not null references screening_events (id) on delete cascade,
  event_date_id bigint references event_dates (id) on delete cascade,
  region text,
  date date not null,
  time time not null,
  label text not null,
  max_attendees integer not null default 20 check (max_attendees >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index timeslots_natural_key on timeslots (event_id, coalesce(region, ''), date, time);
create index timeslots_event_date on timeslots (event_id, date);
create trigger timeslots_touch before update on timeslots for each row execute function touch_updated_at();

create table public_holidays (
  id bigint generated always as identity primary key,
  name text not null,
  date date not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger public_holidays_touch before update on public_holidays for each row execute function touch_updated_at();

create table discounts (
  id bigint generated always as identity primary key,
  name text not null,
  line_item_label text,
  discount_type text not null default '-' check (discount_type in ('-', 'promo', 'bin')),
  description text,
  identifier_prefix text,
  identifier_length integer check (identifier_length between 1 and 16),
  limit_redemption boolean not null default false,
  max_redemptions integer check (max_redemptions >= 0),
  limit_bin_redemption boolean not null default false,
  max_bin_redemptions integer check (max_bin_redemptions >= 0),
  discount_value_type text not null default 'percentage' check (discount_value_type in ('percentage', 'amount', 'fixed')),
  value numeric(10, 2) not null check (value >= 0),
  is_active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  applicable_for_aia boolean not null default false,
  applicable_for_retail boolean not null default false,
  applicable_for_health_screening boolean not null default true,
  applicable_for_chronic boolean not null default false,
  applicable_for_pdt boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger discounts_touch before update on discounts for each row execute function touch_updated_at();

create table discount_identifiers (
  id bigint generated always as identity primary key,
  discount_id bigint not null references discounts (id) on delete cascade,
  identifier text not null unique,
  is_used boolean not null default false,
  used_at timestamptz,
  used_count integer not null default 0,
  max_redemptions integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index discount_identifiers_discount on discount_identifiers (discount_id);
create trigger discount_identifiers_touch before update on discount_identifiers for each row execute function touch_updated_at();

create table email_configs (
  id bigint generated always as identity primary key,
  config_key text not null unique,
  config_value text not null,
  description text,
  last_updated_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger email_configs_touch before update on email_configs for each row execute function touch_updated_at();

-- Only a hash of each key is kept; the full key is shown once at creation.
create table api_keys (
  id bigint generated always as identity primary key,
  key_hash text not null unique,
  key_prefix text not null,
  description text not null,
  is_active boolean not null default true,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used timestamptz
);
create trigger api_keys_touch before update on api_keys for each row execute function touch_updated_at();

create table audit_log (
  id bigint generated always as identity primary key,
  actor text not null,
  action text not null check (action in ('create', 'update', 'delete')),
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index audit_log_entity on audit_log (entity, entity_id);
create index audit_log_at on audit_log (at desc);
