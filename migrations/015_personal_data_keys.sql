-- Encryption at rest (issue 24): one data key per person, stored wrapped (AES-256-GCM) by the master key
-- from PERSONAL_DATA_KEY. Personal fields in events are encrypted with it; destroying the key (wrapped_key
-- null) crypto-shreds every copy of that person's data in the immutable log.
create table personal_data_keys (
  subject_id text primary key,
  master_key_id text not null,
  wrapped_key bytea,
  created_at timestamptz not null default now(),
  destroyed_at timestamptz
);

-- Rotation re-wraps the rows of older master keys in batches.
create index personal_data_keys_master_key_idx on personal_data_keys (master_key_id) where wrapped_key is not null;

-- Read models keep what the back-office shows in clear, but never the identification number, date of
-- birth or medical conditions: those columns (and the same fields in orders.participants) now hold the
-- encrypted envelope (pd1.<subject>.<...>), decrypted by the api when it serves them; the masked form
-- is kept for lists and the keyed hash (HMAC, PERSONAL_DATA_HASH_KEY) for equality lookups.
alter table orders add column identification_number_masked text;
alter table orders add column identification_number_hash text;
create index orders_identification_number_hash on orders (identification_number_hash)
  where identification_number_hash is not null;
