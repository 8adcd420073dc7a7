-- Issue 51: corporate screening programmes. A company buys screenings for its staff; a programme
-- says which events and packages, when, for whom (work-email domains, a roster, or both), how many
-- bookings and who pays. Catalogue tables, edited by staff; the bookings themselves, the cap and each
-- employee's entitlement are in the log (streams programme-<id> and programme-entitlement-<id>-<hash>).
create table companies (
  id serial primary key,
  name text not null,
  uen text not null unique,
  billing_address text not null,
  billing_email text not null,
  gst_registration_number text,
  po_reference text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table programmes (
  id serial primary key,
  company_id integer not null references companies (id),
  name text not null,
  code text not null unique check (code ~ '^[a-z0-9][a-z0-9-]{2,39}$'),
  starts_on date not null,
  ends_on date not null check (ends_on >= starts_on),
  event_ids integer[] not null,
  package_ids integer[] not null,
  booking_cap integer check (booking_cap >= 1),
  entitlement integer not null default 1 check (entitlement between 1 and 10),
  email_domains text[] not null default '{}',
  use_roster boolean not null default false,
  payment_rule text not null
    check (payment_rule in ('company_pays_all', 'company_pays_up_to', 'employee_pays_corporate_price')),
  -- the company's cap per booking (GST included), or the employee's corporate price (before GST)
  amount_cents bigint check (amount_cents > 0),
  hr_sees_names boolean not null default false,
  is_active boolean not null default true,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index programmes_company on programmes (company_id);

-- The employer's roster: personal data the company gave for this programme alone; removed with the
-- programme (and replaced whole by a re-import).
create table programme_employees (
  programme_id integer not null references programmes (id) on delete cascade,
  employee_id text not null,
  name text not null,
  email text not null,
  department text,
  site text,
  primary key (programme_id, employee_id)
);
create unique index programme_employees_email on programme_employees (programme_id, email);

-- One-time codes sent to a work email: only an HMAC of the code is kept, and of the address a hash.
create table programme_codes (
  id uuid primary key,
  programme_id integer not null references programmes (id) on delete cascade,
  email_hash text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index programme_codes_lookup on programme_codes (programme_id, email_hash, created_at desc);

-- What a verified employee carries to the booking: found by the SHA-256 of the pass they hold.
create table programme_passes (
  pass_hash text primary key,
  programme_id integer not null references programmes (id) on delete cascade,
  email text not null,
  employee_key text not null,
  employee_id text,
  expires_at timestamptz not null
);
create index programme_passes_expires on programme_passes (expires_at);

-- Links to a programme's report emailed to a company contact: read-only, expiring.
create table programme_report_links (
  token_hash text primary key,
  programme_id integer not null references programmes (id) on delete cascade,
  email text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- The orders read model knows an order's programme, its employee and the company's share.
alter table orders
  add column programme_id integer,
  add column employee_id text,
  add column employee_hash text,
  add column company_paid_cents bigint not null default 0,
  add column share_name boolean not null default false;
create index orders_programme on orders (programme_id) where programme_id is not null;

-- A company's tax invoices for its programmes' bookings (the same gapless numbers as every invoice;
-- the `invoices` register holds them with registration_id 0), which booking each billed, and whether
-- its PDF reached the billing contact yet.
create table company_invoices (
  number text primary key,
  company_id integer not null,
  programme_id integer not null,
  period text not null,
  issued_at timestamptz not null,
  emailed_at timestamptz
);
create index company_invoices_unsent on company_invoices (issued_at) where emailed_at is null;
create table company_invoice_lines (
  registration_id bigint primary key,
  invoice_number text not null references company_invoices (number),
  company_paid_cents bigint not null
);

-- as every other compressible column of orders (migration 021), where the server has lz4
do $$
begin
  alter table orders alter column employee_id set compression lz4;
  alter table orders alter column employee_hash set compression lz4;
exception when feature_not_supported or invalid_parameter_value then
  null;
end
$$;
