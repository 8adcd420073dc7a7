import type { Sql } from '@hs/db';
import { addDaysToDay, programmeEligibility, singaporeToday } from '@hs/domain';
import { issuePass } from '../corporate/access';
import { programmeByCode } from '../corporate/programme-read';
import type { DemoCatalogue } from './demo-orders';
import type { Call } from './inject';

export const DEMO_PROGRAMME_CODE = 'acme-2026';
export const DEMO_PROGRAMME_DOMAIN = 'acme-logistics.sg';

const DEPARTMENTS = [
  ['Operations', 'Jurong'],
  ['Operations', 'Changi'],
  ['Finance', 'Raffles Place'],
  ['People', 'Raffles Place'],
] as const;
const NAMES = [
  'Tan Wei Ming',
  'Nur Aisyah binte Rahman',
  'Rajesh Kumar',
  'Lim Mei Ling',
  'Muhammad Faizal',
  'Priya Nair',
  'Goh Jun Jie',
  'Siti Nurhaliza',
  'Chen Xiao Hui',
  'Arjun Pillai',
  'Wong Kai Xin',
  'Ahmad Zulkifli',
  'Kavitha Subramaniam',
  'Ng Boon Keat',
  'Farah Hanim',
  'Lee Jia Hui',
  'Suresh Menon',
  'Teo Hui Min',
  'Hafiz Ismail',
  'Ong Shu Fen',
];

/** The demo's employees: employee id, name, work email, department and site (the roster CSV's columns). */
export const demoRoster = () =>
  NAMES.map((name, i) => {
    const [department, site] = DEPARTMENTS[i % DEPARTMENTS.length]!;
    const local = name
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .split(' ')
      .filter(Boolean);
    return {
      employeeId: `ACME-${String(101 + i)}`,
      name,
      email: `${local[0]}.${local.at(-1)}@${DEMO_PROGRAMME_DOMAIN}`,
      department,
      site,
    };
  });

/**
 * Issue 51: Acme Logistics, a company with a programme on the Corporate Wellness Day (the company
 * pays all, one booking each, HR may see names), its roster of 20 imported as a CSV, and four
 * employees booked through the public booking with a programme pass (three let HR see their name).
 */
export async function seedDemoCorporate(
  sql: Sql,
  call: { visitor: Call; admin: Call },
  catalogue: DemoCatalogue,
  postalCode: string,
): Promise<{ link: string; booked: number }> {
  const { admin, visitor } = call;
  const eventId = catalogue.eventIds['corporate-wellness-day']!;
  const packageIds = [catalogue.packageIds.comprehensive!, catalogue.packageIds.executive!];
  const company = (
    await admin('POST', '/api/admin/companies', {
      name: 'Acme Logistics Pte Ltd',
      uen: '201912345K',
      billingAddress: '10 Pandan Crescent, #03-01, Singapore 128466',
      billingEmail: `accounts@${DEMO_PROGRAMME_DOMAIN}`,
      gstRegistrationNumber: 'M90312345A',
      poReference: 'PO-2026-0042',
    })
  ).data;
  const today = singaporeToday();
  const programme = (
    await admin('POST', '/api/admin/programmes', {
      companyId: company.id,
      name: 'Acme Wellness 2026',
      code: DEMO_PROGRAMME_CODE,
      startsOn: addDaysToDay(today, -7),
      endsOn: addDaysToDay(today, 90),
      eventIds: [eventId],
      packageIds,
      entitlement: 1,
      emailDomains: [DEMO_PROGRAMME_DOMAIN],
      useRoster: true,
      paymentRule: 'company_pays_all',
      hrSeesNames: true,
    })
  ).data;
  const roster = demoRoster();
  const csv = [
    'employee_id,name,work_email,department,site',
    ...roster.map((e) => [e.employeeId, e.name, e.email, e.department, e.site].join(',')),
  ].join('\n');
  await admin('POST', `/api/admin/programmes/${programme.id}/roster`, { csv });

  const terms = (await programmeByCode(sql, DEMO_PROGRAMME_CODE))!;
  const slots = await visitor(
    'GET',
    `/api/auto-timeslots/postal-code?postalCode=${postalCode}&eventId=${eventId}`,
  );
  const free = slots.data.flatMap((day: { timeslots: { id: number; isAvailable: boolean }[] }) =>
    day.timeslots.filter((t) => t.isAvailable).map((t) => t.id),
  ) as number[];
  const bookedIds: number[] = [];
  for (const [i, employee] of roster.slice(0, 4).entries()) {
    const eligibility = programmeEligibility(employee.email, terms, employee.employeeId);
    if (!eligibility.eligible) throw new Error('seed: a demo employee is not eligible');
    const { pass } = await issuePass(sql, terms.id, employee.email, eligibility);
    const [firstName, ...rest] = employee.name.split(' ');
    const order = await visitor('POST', '/api/registrations', {
      eventId,
      packageId: packageIds[i % 2],
      timeslotId: free[i % Math.max(1, free.length)],
      firstName,
      lastName: rest.join(' '),
      email: employee.email,
      mobileNumber: `9123450${i}`,
      gender: i % 2 ? 'female' : 'male',
      identificationNumber: ['S8512345I', 'S9023456J', 'S8834567C', 'S9145678H'][i],
      dateOfBirth: '1985-06-15',
      postalCode,
      address: '10 Pandan Crescent',
      privacyConsent: true,
      programmePass: pass,
      shareNameWithEmployer: i !== 1,
    });
    bookedIds.push(order.data.id);
  }
  return { link: `/c/${DEMO_PROGRAMME_CODE}`, booked: bookedIds.length };
}
