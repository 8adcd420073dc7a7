import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  type ParticipantSnapshot,
  checkRoster,
  companyPaysOf,
  domainAllowed,
  employeeKeyHash,
  entitlementDecider,
  normalizeDomain,
  priceRegistration,
  programmeCapDecider,
  programmeEligibility,
  programmePackagePriceCents,
  programmeSchema,
  rosterChanges,
} from '../src';
import { spec } from './given-when-then';

const at = '2026-12-01T01:00:00.000Z';

describe('programme eligibility', () => {
  const programme = { emailDomains: ['acme.sg'], useRoster: false };

  it('accepts the domain and its sub-domains, in any case once normalised', () => {
    expect(domainAllowed('tan@acme.sg', ['acme.sg'])).toBe(true);
    expect(domainAllowed('tan@hq.acme.sg', ['acme.sg'])).toBe(true);
    expect(normalizeDomain(' @ACME.sg ')).toBe('acme.sg');
    expect(programmeEligibility('tan@acme.sg', programme, null)).toEqual({
      eligible: true,
      via: 'domain',
      employeeKey: 'email:tan@acme.sg',
      employeeId: null,
    });
  });

  it('refuses look-alike domains', () => {
    for (const email of [
      'tan@notacme.sg',
      'tan@acme.sg.evil.com',
      'tan@acme.sgx',
      'tan@acme-sg.com',
      'acme.sg@evil.com',
    ])
      expect(programmeEligibility(email, programme, null), email).toEqual({ eligible: false });
  });

  it('refuses what is not a domain', () => {
    for (const d of ['', 'acme', 'acme..sg', '-acme.sg', 'acme.sg/x', 'a b.sg'])
      expect(normalizeDomain(d), d).toBeNull();
  });

  it('accepts a roster match by its employee id, and prefers it to the domain', () => {
    const both = { emailDomains: ['acme.sg'], useRoster: true };
    expect(programmeEligibility('wei@gmail.com', both, 'E-007')).toMatchObject({
      via: 'roster',
      employeeKey: 'id:E-007',
    });
    expect(programmeEligibility('tan@acme.sg', both, 'E-001')).toMatchObject({
      via: 'roster',
      employeeKey: 'id:E-001',
    });
    expect(programmeEligibility('wei@gmail.com', both, null)).toEqual({ eligible: false });
    // a roster id given for a programme that does not use its roster counts for nothing
    expect(programmeEligibility('wei@gmail.com', programme, 'E-007')).toEqual({ eligible: false });
  });

  it('keeps no address in the key hash, and separates programmes', () => {
    const h = employeeKeyHash(1, 'email:tan@acme.sg');
    expect(h).toMatch(/^[0-9a-f]{32}$/);
    expect(h).not.toBe(employeeKeyHash(2, 'email:tan@acme.sg'));
  });
});

describe('who pays what', () => {
  const person = (priceCents: number): ParticipantSnapshot =>
    ({ packagePriceCents: priceCents, aiaPriceCents: null, memberVerified: false }) as ParticipantSnapshot;

  it('company pays all: the employee owes nothing', () => {
    const p = priceRegistration([person(20_000)], null, null, {
      companyPays: companyPaysOf('company_pays_all', null),
    });
    expect(p.totalCents).toBe(21_800);
    expect(p.companyPaidCents).toBe(21_800);
    expect(p.balanceDueCents).toBe(0);
  });

  it('company pays up to a cap: the employee pays the rest, or nothing under the cap', () => {
    const capped = companyPaysOf('company_pays_up_to', 15_000);
    const over = priceRegistration([person(20_000)], null, null, { companyPays: capped });
    expect(over.companyPaidCents).toBe(15_000);
    expect(over.balanceDueCents).toBe(6_800);
    const under = priceRegistration([person(10_000)], null, null, { companyPays: capped });
    expect(under.companyPaidCents).toBe(10_900);
    expect(under.balanceDueCents).toBe(0);
  });

  it('employee pays a corporate price: the company pays nothing', () => {
    const price = programmePackagePriceCents('employee_pays_corporate_price', 12_000, 20_000);
    expect(price).toBe(12_000);
    expect(programmePackagePriceCents('company_pays_all', 12_000, 20_000)).toBe(20_000);
    const p = priceRegistration([person(price)], null, null, {
      companyPays: companyPaysOf('employee_pays_corporate_price', 12_000),
    });
    expect(p.companyPaidCents).toBe(0);
    expect(p.balanceDueCents).toBe(13_080);
  });

  it('an order outside a programme has no company share', () => {
    expect(priceRegistration([person(10_000)], null, null)).not.toHaveProperty('companyPaidCents');
  });
});

describe('entitlement and cap', () => {
  const used = (registrationId: string, countAfter: number) => ({
    type: 'EntitlementUsed' as const,
    data: { registrationId, countAfter, at },
  });

  it('an employee with entitlement 1 books once; a cancellation gives it back', () => {
    spec(entitlementDecider)([used('r1', 1)])
      .when({ type: 'Use', registrationId: 'r2', limit: 1, at })
      .thenError({
        code: 'ENTITLEMENT_USED',
        message: 'You have used all your bookings under this programme.',
      });
    spec(entitlementDecider)([
      used('r1', 1),
      { type: 'EntitlementReturned', data: { registrationId: 'r1', countAfter: 0, at } },
    ])
      .when({ type: 'Use', registrationId: 'r2', limit: 1, at })
      .thenEvents([used('r2', 1)]);
  });

  it('the programme refuses past its cap, and the same order counts once', () => {
    const counted = (r: string, n: number) => ({
      type: 'ProgrammeBookingCounted' as const,
      data: { registrationId: r, countAfter: n, at },
    });
    spec(programmeCapDecider)([counted('r1', 1), counted('r2', 2)])
      .when({ type: 'Use', registrationId: 'r3', limit: 2, at })
      .thenError({ code: 'PROGRAMME_FULL', message: 'This programme is fully booked.' });
    spec(programmeCapDecider)([counted('r1', 1)])
      .when({ type: 'Use', registrationId: 'r1', limit: 1, at })
      .thenEvents([]);
  });
});

describe('roster import', () => {
  const header = ['Employee ID', 'Name', 'Work Email', 'Department', 'Site'];

  it('reads rows by their header, whatever its spelling', () => {
    const { employees, errors } = checkRoster([header, ['E1', 'Tan Wei', 'Tan@Acme.sg', 'Ops', 'Jurong']]);
    expect(errors).toEqual([]);
    expect(employees).toEqual([
      { employeeId: 'E1', name: 'Tan Wei', email: 'tan@acme.sg', department: 'Ops', site: 'Jurong' },
    ]);
  });

  it('lists every error by row and field, and keeps nothing then', () => {
    const { employees, errors } = checkRoster([
      header,
      ['E1', 'Tan Wei', 'tan@acme.sg', '', ''],
      ['', 'No Id', 'no-id@acme.sg', '', ''],
      ['E3', 'Bad Mail', 'not-an-email', '', ''],
      ['e1', 'Same Id', 'other@acme.sg', '', ''],
      ['E5', 'Same Mail', 'TAN@acme.sg', '', ''],
    ]);
    expect(employees).toEqual([]);
    expect(errors).toEqual([
      { row: 3, field: 'employee_id', message: 'employee_id is required' },
      { row: 4, field: 'work_email', message: 'work_email is not an email address' },
      { row: 5, field: 'employee_id', message: 'employee_id is also on row 2' },
      { row: 6, field: 'work_email', message: 'work_email is also on row 2' },
    ]);
  });

  it('names a missing column', () => {
    expect(checkRoster([['name', 'email']]).errors).toEqual([
      { row: 1, field: 'employee_id', message: 'The file has no employee_id column' },
    ]);
  });

  it('counts what a re-import changes', () => {
    const e = (id: string, name: string) => ({
      employeeId: id,
      name,
      email: `${id}@acme.sg`,
      department: null,
      site: null,
    });
    expect(
      rosterChanges([e('a', 'A'), e('b', 'B'), e('c', 'C')], [e('a', 'A'), e('b', 'Bee'), e('d', 'D')]),
    ).toEqual({
      added: 1,
      updated: 1,
      unchanged: 1,
      removed: 1,
    });
  });
});

describe('the programme form', () => {
  const base = {
    companyId: 1,
    name: 'Acme 2026',
    code: 'Acme-2026',
    startsOn: '2026-12-01',
    endsOn: '2026-12-31',
    eventIds: [1],
    packageIds: [2],
    emailDomains: ['@Acme.sg'],
    paymentRule: 'company_pays_all',
  };

  it('normalises the code and domains and defaults the rest', () => {
    const r = v.safeParse(programmeSchema, base);
    expect(r.success).toBe(true);
    expect(r.output).toMatchObject({
      code: 'acme-2026',
      emailDomains: ['acme.sg'],
      entitlement: 1,
      useRoster: false,
      amount: null,
    });
  });

  it('names the field that is wrong', () => {
    const fields = (input: object) =>
      (v.safeParse(programmeSchema, { ...base, ...input }).issues ?? []).map((i) => v.getDotPath(i));
    expect(fields({ endsOn: '2026-11-01' })).toEqual(['endsOn']);
    expect(fields({ emailDomains: [], useRoster: false })).toEqual(['emailDomains']);
    expect(fields({ paymentRule: 'company_pays_up_to' })).toEqual(['amount']);
    expect(fields({ emailDomains: ['not a domain'] })).toEqual(['emailDomains']);
  });
});
