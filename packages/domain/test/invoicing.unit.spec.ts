import { describe, expect, it } from 'vitest';
import {
  type CompanySettings,
  companySettingsProblems,
  DEFAULT_COMPANY_SETTINGS,
  documentNumber,
  GST_BASIS_POINTS,
  gstPartOf,
  gstRegistered,
  invoiceSequenceStream,
  normaliseContactPhone,
  singaporeYear,
} from '../src';

const valid: CompanySettings = {
  companyName: 'Demo Clinic Pte Ltd',
  address: '1 Demo Road, Singapore 000000',
  uen: '201912345K',
  gstRegistrationNumber: 'M90000000A',
  invoicePrefix: 'HS',
  contactPhone: '',
  contactEmail: '',
};

describe("the clinic's contact details (issue 46)", () => {
  it('takes a Singapore number in any usual spacing, written one way', () => {
    for (const raw of ['+65 6123 4567', '+6561234567', '6123 4567', '+65-6123-4567', '91234567']) {
      expect(normaliseContactPhone(raw), raw).toMatch(/^\+65 [3689]\d{3} \d{4}$/);
    }
    expect(normaliseContactPhone('+6561234567')).toBe('+65 6123 4567');
    for (const raw of ['1234', '+65 1234 5678', '+60 6123 4567', '6123456', '612345678']) {
      expect(normaliseContactPhone(raw), raw).toBeNull();
    }
  });

  it('are optional, and named when wrong', () => {
    expect(
      companySettingsProblems({ ...valid, contactPhone: '+65 6123 4567', contactEmail: 'a@b.sg' }),
    ).toEqual({});
    expect(companySettingsProblems({ ...valid, contactPhone: '12', contactEmail: 'nope' })).toEqual({
      contactPhone: expect.stringMatching(/^Contact phone must be a Singapore number/),
      contactEmail: expect.stringMatching(/^Contact email must be a valid email address/),
    });
  });
});

describe('company settings (issue 25)', () => {
  it('accepts the usual UEN and GST number shapes, and an empty GST number', () => {
    for (const uen of ['201912345K', '53123456D', 'T09LL0001B']) {
      expect(companySettingsProblems({ ...valid, uen }), uen).toEqual({});
    }
    for (const gst of ['M90000000A', '201912345K', 'MR8500012X', '']) {
      expect(companySettingsProblems({ ...valid, gstRegistrationNumber: gst }), gst).toEqual({});
    }
    expect(companySettingsProblems({ ...valid, invoicePrefix: 'INV-SG1' })).toEqual({});
  });

  it('names each field that is wrong, in words an admin can act on', () => {
    const problems = companySettingsProblems({
      companyName: ' ',
      address: '',
      uen: '2019',
      gstRegistrationNumber: 'GST123',
      invoicePrefix: 'hs',
      contactPhone: '',
      contactEmail: '',
    });
    expect(problems).toEqual({
      companyName: 'Company name is required',
      address: 'Address is required',
      uen: expect.stringMatching(/^UEN must look like 201912345K/),
      gstRegistrationNumber: expect.stringMatching(/^GST registration number must look like M90000000A/),
      invoicePrefix: 'Invoice prefix must be 1 to 10 characters: capital letters, digits or -',
    });
    expect(companySettingsProblems({ ...valid, companyName: 'x'.repeat(201) }).companyName).toMatch(/200/);
    expect(companySettingsProblems({ ...valid, address: 'x'.repeat(501) }).address).toMatch(/500/);
    for (const prefix of ['HS-CN', '-HS', 'HS-', 'ABCDEFGHIJK', '']) {
      expect(
        companySettingsProblems({ ...valid, invoicePrefix: prefix }).invoicePrefix,
        prefix,
      ).toBeDefined();
    }
  });

  it('the defaults are not GST-registered', () => {
    expect(gstRegistered(DEFAULT_COMPANY_SETTINGS)).toBe(false);
    expect(gstRegistered({ gstRegistrationNumber: 'M90000000A' })).toBe(true);
    expect(gstRegistered({ gstRegistrationNumber: '  ' })).toBe(false);
  });
});

describe('document numbers and sequences (issue 25)', () => {
  it('numbers invoices <prefix>-<year>-<6 digits> and credit notes <prefix>-CN-<year>-<6 digits>', () => {
    expect(documentNumber('HS', 'invoice', 2026, 123)).toBe('HS-2026-000123');
    expect(documentNumber('HS', 'credit-note', 2026, 7)).toBe('HS-CN-2026-000007');
    expect(documentNumber('HS', 'invoice', 2026, 1_234_567)).toBe('HS-2026-1234567');
  });

  it('one sequence stream per kind, prefix and year', () => {
    expect(invoiceSequenceStream('HS', 'invoice', 2026)).toEqual({
      id: 'invoice-sequence-invoice-HS-2026',
      category: 'invoice-sequence',
    });
    expect(invoiceSequenceStream('HS', 'credit-note', 2026).id).toBe('invoice-sequence-credit-note-HS-2026');
  });

  it("the year is Singapore's: 31 Dec 16:00 UTC is already the next year", () => {
    expect(singaporeYear(new Date('2026-12-31T15:59:59Z'))).toBe(2026);
    expect(singaporeYear(new Date('2026-12-31T16:00:00Z'))).toBe(2027);
  });

  it('the GST part of a GST-inclusive amount, half-up; none at rate 0', () => {
    expect(GST_BASIS_POINTS).toBe(900);
    expect(gstPartOf(5_000, 900)).toBe(413); // 50.00 x 9/109 = 4.128
    expect(gstPartOf(13_952, 900)).toBe(1_152);
    expect(gstPartOf(5_000, 0)).toBe(0);
  });
});
