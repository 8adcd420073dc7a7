-- Issue 25: the register of issued documents (tax invoices and credit notes). Each row is written in
-- the same transaction as its InvoiceIssued / CreditNoteIssued event, whose data is the whole document
-- (`snapshot`); an issued document is never updated, so its PDF, drawn from the snapshot, never changes.
create table invoices (
  number text primary key,
  kind text not null check (kind in ('invoice', 'credit-note')),
  registration_id bigint not null,
  sequence_stream text not null,
  sequence integer not null,
  issued_at timestamptz not null,
  -- the month (yyyy-MM, Singapore) the GST report counts it in
  issued_month text not null,
  -- invoices: positive; credit notes: the amounts given back, positive as printed
  taxable_cents bigint not null,
  gst_cents bigint not null,
  total_cents bigint not null,
  original_number text,
  refund_id text,
  snapshot jsonb not null,
  unique (sequence_stream, sequence)
);
create index invoices_registration on invoices (registration_id, issued_at);
create index invoices_month on invoices (issued_month);
-- one credit note per refund
create unique index invoices_refund on invoices (refund_id) where refund_id is not null;
