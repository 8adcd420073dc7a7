import { ProgrammeSchema, ROLES } from '@hs/contracts';
import type { TransactionSql } from '@hs/db';
import { type ProgrammeInput, programmeSchema as ProgrammeForm, parseMoney, toMoneyString } from '@hs/domain';
import { badRequest, conflict } from '../../errors';
import { catalogueRoutes, formBody, insertedId, rowsOf, updateKeepingActive } from './catalogue-routes';

const roles = ROLES.corporate;

interface Raw {
  amountCents: string | null;
  code: string;
  [key: string]: unknown;
}

/** Ids the form names must exist: a 400 naming the field, never a dangling programme. */
async function checkReferences(tx: TransactionSql, p: ProgrammeInput) {
  const [company] = await tx`select 1 from companies where id = ${p.companyId}`;
  if (!company) throw badRequest('Company not found', [{ field: 'companyId', message: 'Company not found' }]);
  const events = await tx`select id from screening_events where id = any(${p.eventIds}::int[])`;
  if (events.length !== p.eventIds.length)
    throw badRequest('Event not found', [{ field: 'eventIds', message: 'Event not found' }]);
  const packages = await tx`
    select distinct package_id from event_packages
    where event_id = any(${p.eventIds}::int[]) and package_id = any(${p.packageIds}::int[])`;
  if (packages.length !== p.packageIds.length) {
    const message = 'Each package must be offered by one of the programme’s events';
    throw badRequest(message, [{ field: 'packageIds', message }]);
  }
}

const amountCents = (p: ProgrammeInput) =>
  p.paymentRule === 'company_pays_all' ? null : parseMoney(p.amount);

/** Corporate programmes (issue 51): what a company covers, for whom, how many and who pays. */
const programmes = catalogueRoutes({
  path: '/programmes',
  entity: 'programme',
  schema: ProgrammeSchema,
  rows: rowsOf<Raw>({
    notFound: 'Programme not found',
    idColumn: 'p.id',
    select: (db, where) => db`
      select p.id, p.company_id as "companyId", c.name as "companyName", p.name, p.code,
             to_char(p.starts_on, 'YYYY-MM-DD') as "startsOn", to_char(p.ends_on, 'YYYY-MM-DD') as "endsOn",
             p.event_ids as "eventIds", p.package_ids as "packageIds", p.booking_cap as "bookingCap",
             p.entitlement, p.email_domains as "emailDomains", p.use_roster as "useRoster",
             p.payment_rule as "paymentRule", p.amount_cents::text as "amountCents", p.hr_sees_names as "hrSeesNames",
             p.is_active as "isActive", p.closed_at as "closedAt",
             (select count(*)::int from programme_employees e where e.programme_id = p.id) as "rosterSize",
             (select count(*)::int from orders o
               where o.programme_id = p.id and o.status not in ('cancelled', 'expired')) as "bookingsHeld",
             p.created_at as "createdAt", p.updated_at as "updatedAt"
      from programmes p join companies c on c.id = p.company_id ${where}
      order by p.starts_on desc, p.id desc`,
    toRow: ({ amountCents: cents, ...raw }) => {
      const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : (d ?? null));
      return {
        ...raw,
        amount: cents === null ? null : toMoneyString(Number(cents)),
        link: `/c/${raw.code}`,
        closedAt: iso(raw.closedAt),
        createdAt: iso(raw.createdAt),
        updatedAt: iso(raw.updatedAt),
      };
    },
  }),
  duplicate: 'A programme with this code already exists',
  list: { summary: 'List corporate programmes (issue 51)', roles },
  get: { summary: 'Read one programme', roles },
  create: {
    summary: 'Add a programme; its link is /c/{code}',
    roles,
    body: formBody(ProgrammeForm),
    insert: async (tx, p) => {
      await checkReferences(tx, p);
      return insertedId(tx`
        insert into programmes (company_id, name, code, starts_on, ends_on, event_ids, package_ids, booking_cap,
          entitlement, email_domains, use_roster, payment_rule, amount_cents, hr_sees_names, is_active)
        values (${p.companyId}, ${p.name}, ${p.code}, ${p.startsOn}, ${p.endsOn}, ${p.eventIds}::int[],
          ${p.packageIds}::int[], ${p.bookingCap}, ${p.entitlement}, ${p.emailDomains}::text[], ${p.useRoster},
          ${p.paymentRule}, ${amountCents(p)}, ${p.hrSeesNames}, ${p.isActive})
        returning id`);
    },
  },
  update: updateKeepingActive({
    summary:
      'Update a programme (isActive false deactivates it). Its code, company and payment rule are fixed once it has bookings (409)',
    roles,
    body: formBody(ProgrammeForm),
    write: async (tx, id, p) => {
      await checkReferences(tx, p);
      const [before] = await tx<
        { code: string; companyId: number; paymentRule: string; amountCents: string | null }[]
      >`
        select code, company_id as "companyId", payment_rule as "paymentRule", amount_cents::text as "amountCents"
        from programmes where id = ${id} for update`;
      const booked = (await tx`select 1 from orders where programme_id = ${id} limit 1`).length > 0;
      const amount = amountCents(p);
      const changesTerms =
        before!.code !== p.code ||
        before!.companyId !== p.companyId ||
        before!.paymentRule !== p.paymentRule ||
        (before!.amountCents === null ? null : Number(before!.amountCents)) !== amount;
      if (booked && changesTerms)
        throw conflict(
          'This programme has bookings: its code, company and who pays cannot change. Close it and start another.',
        );
      await tx`
        update programmes set company_id = ${p.companyId}, name = ${p.name}, code = ${p.code},
          starts_on = ${p.startsOn}, ends_on = ${p.endsOn}, event_ids = ${p.eventIds}::int[],
          package_ids = ${p.packageIds}::int[], booking_cap = ${p.bookingCap}, entitlement = ${p.entitlement},
          email_domains = ${p.emailDomains}::text[], use_roster = ${p.useRoster}, payment_rule = ${p.paymentRule},
          amount_cents = ${amount}, hr_sees_names = ${p.hrSeesNames}, is_active = ${p.isActive}, updated_at = now()
        where id = ${id}`;
    },
  }),
  delete: {
    summary: 'Delete a programme without bookings (its roster goes with it)',
    roles,
    message: 'Programme deleted',
    remove: async (tx, id) => {
      if ((await tx`select 1 from orders where programme_id = ${id} limit 1`).length > 0)
        throw conflict('This programme has bookings and cannot be deleted. Deactivate or close it instead.');
      await tx`delete from programmes where id = ${id}`;
    },
  },
});

export default programmes;
