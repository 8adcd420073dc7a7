import type { Sql } from '@hs/db';
import {
  type ProgrammePaymentRule,
  type ParticipantSnapshot,
  companyPaysOf,
  parseMoney,
  priceRegistration,
  programmePackagePriceCents,
  singaporeToday,
  toMoneyString,
} from '@hs/domain';

/** A programme as the employee's side reads it: its terms, its company, and whether it is open. */
export interface ProgrammeTerms {
  id: number;
  companyId: number;
  companyName: string;
  companyActive: boolean;
  name: string;
  code: string;
  startsOn: string;
  endsOn: string;
  eventIds: number[];
  packageIds: number[];
  bookingCap: number | null;
  entitlement: number;
  emailDomains: string[];
  useRoster: boolean;
  paymentRule: ProgrammePaymentRule;
  amountCents: number | null;
  hrSeesNames: boolean;
  isActive: boolean;
  closedAt: Date | null;
}

const SELECT = (sql: Sql) => sql`
  select p.id, p.company_id as "companyId", c.name as "companyName", c.is_active as "companyActive", p.name,
         p.code, to_char(p.starts_on, 'YYYY-MM-DD') as "startsOn", to_char(p.ends_on, 'YYYY-MM-DD') as "endsOn",
         p.event_ids as "eventIds", p.package_ids as "packageIds", p.booking_cap as "bookingCap", p.entitlement,
         p.email_domains as "emailDomains", p.use_roster as "useRoster", p.payment_rule as "paymentRule",
         p.amount_cents::int as "amountCents", p.hr_sees_names as "hrSeesNames", p.is_active as "isActive",
         p.closed_at as "closedAt"
  from programmes p join companies c on c.id = p.company_id`;

export async function programmeByCode(sql: Sql, code: string): Promise<ProgrammeTerms | null> {
  if (!/^[a-z0-9-]{1,40}$/i.test(code)) return null;
  const [row] = await sql<ProgrammeTerms[]>`${SELECT(sql)} where p.code = ${code.toLowerCase()}`;
  return row ?? null;
}

export async function programmeById(sql: Sql, id: number): Promise<ProgrammeTerms | null> {
  const [row] = await sql<ProgrammeTerms[]>`${SELECT(sql)} where p.id = ${id}`;
  return row ?? null;
}

/** Bookable today: active (and its company), not closed, inside its window (Singapore days). */
export function programmeOpen(p: ProgrammeTerms, today = singaporeToday()): boolean {
  return p.isActive && p.companyActive && p.closedAt === null && p.startsOn <= today && today <= p.endsOn;
}

/** What one person's booking of a package costs under the programme, and who pays what (GST included). */
export function programmeSplit(p: ProgrammeTerms, packagePriceCents: number) {
  const price = programmePackagePriceCents(p.paymentRule, p.amountCents, packagePriceCents);
  const pricing = priceRegistration(
    [{ packagePriceCents: price, aiaPriceCents: null, memberVerified: false } as ParticipantSnapshot],
    null,
    null,
    { companyPays: companyPaysOf(p.paymentRule, p.amountCents) },
  );
  return { priceCents: price, pricing };
}

/** The covered events (active ones) and packages, priced as the employee will book them. */
export async function programmeOffer(sql: Sql, p: ProgrammeTerms) {
  const events = await sql<{ id: number; name: string; slug: string }[]>`
    select id::int, name, slug from screening_events
    where id = any(${p.eventIds}::int[]) and is_active order by name`;
  const packages = await sql<{ id: number; name: string; price: string; eventIds: number[] }[]>`
    select pk.id::int, pk.name, pk.price::text as price,
           array_agg(ep.event_id::int order by ep.event_id) as "eventIds"
    from packages pk join event_packages ep on ep.package_id = pk.id
    where pk.id = any(${p.packageIds}::int[]) and ep.event_id = any(${p.eventIds}::int[]) and pk.is_active
    group by pk.id order by pk.name`;
  return {
    events,
    packages: packages.map((pk) => {
      const { pricing } = programmeSplit(p, parseMoney(pk.price)!);
      return {
        id: pk.id,
        name: pk.name,
        eventIds: pk.eventIds,
        price: toMoneyString(pricing.totalCents),
        companyPays: toMoneyString(pricing.companyPaidCents ?? 0),
        employeePays: toMoneyString(pricing.balanceDueCents),
      };
    }),
  };
}
