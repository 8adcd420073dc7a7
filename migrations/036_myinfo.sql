-- Issue 49: "Retrieve Myinfo with Singpass". Two short-lived tables, nothing in clear in either:
-- a login in flight (between our redirect to Singpass and its callback) and a retrieved person (between
-- the callback and the booking). Rows are found by a SHA-256 of a secret the browser holds (the login
-- cookie, the handle) and sealed (AES-256-GCM) with a key derived from that same secret, so the database
-- alone opens neither. Both are single use and deleted once past their time.
create table myinfo_logins (
  id_hash text primary key,
  sealed text not null,
  expires_at timestamptz not null
);
create index myinfo_logins_expires on myinfo_logins (expires_at);

create table myinfo_handles (
  id_hash text primary key,
  sealed text not null,
  -- the prefill may be read once, within 10 minutes
  read_by timestamptz not null,
  read_at timestamptz,
  -- a booking may cite it until then (the person fills in the rest of the form meanwhile)
  book_by timestamptz not null
);
create index myinfo_handles_book_by on myinfo_handles (book_by);
