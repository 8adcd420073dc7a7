-- Issue 51: a company's credit notes are emailed to its billing contact, as its invoices are. A credit
-- note's row here is the claim of its email (taken before sending, given back when sending fails);
-- what is still owed is every company credit note (invoices.refund_id 'company:...') without one.
create table company_credit_note_emails (
  number text primary key,
  emailed_at timestamptz not null default now()
);
-- Credit notes issued before this migration predate their email: they are not sent now, months late
-- (staff can download them from the programme's Invoices).
insert into company_credit_note_emails (number)
select number from invoices where kind = 'credit-note' and refund_id like 'company:%';
