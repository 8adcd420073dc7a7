-- Staff accounts with roles (issue 23): deactivation, invite links, an optional TOTP second factor.

-- A deactivated user's tokens are refused on their next request (the guard reads this column).
alter table users add column active boolean not null default true;
-- An invited user has no password until they set one through the invite link.
alter table users alter column password_hash drop not null;
alter table users add column password_changed_at timestamptz;
-- TOTP: the confirmed secret (base32), the one being enrolled, and the last time step accepted, so a
-- code cannot be replayed within its window.
alter table users add column totp_secret text;
alter table users add column totp_pending_secret text;
alter table users add column totp_last_step bigint;

-- One-time invite (and password reset) links: only the sha256 of the token is kept.
create table staff_invites (
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_by text not null,
  created_at timestamptz not null default now()
);
create index staff_invites_user on staff_invites (user_id);

-- Recovery codes are shown once; only their sha256 is kept, each usable once.
create table totp_recovery_codes (
  user_id bigint not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);
