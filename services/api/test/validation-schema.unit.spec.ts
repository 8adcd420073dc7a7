import {
  adminStatusPatchSchema,
  apiKeyFormSchema,
  discountFormSchema,
  emailConfigSchema,
  emailConfigUpdateSchema,
  generateCodesSchema,
  holidaySchema,
  packageFormSchema,
  paymentTestModeSchema,
  timeslotAvailabilitySchema,
} from '@hs/domain';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { inputJsonSchema } from '../src/validation-schema';
import { validatorCompiler } from '../src/validator';

/** Each admin form with a body it takes: the derived schema must take every body the form takes. */
const FORMS: [string, v.GenericSchema, Record<string, unknown>][] = [
  ['package', packageFormSchema, { name: 'Basic', price: '120', aiaPrice: 99.5, isActive: true }],
  ['holiday', holidaySchema, { name: 'National Day', date: '2026-08-09' }],
  ['api key', apiKeyFormSchema, { description: 'Partner', isActive: false }],
  ['email config', emailConfigSchema, { configKey: 'EMAIL_X', configValue: 'abc', description: 'd' }],
  ['email config update', emailConfigUpdateSchema, { configValue: 'abc', description: null }],
  [
    'discount',
    discountFormSchema,
    {
      name: 'Promo',
      discountType: 'promo',
      identifierPrefix: 'sg',
      identifierLength: '8',
      limitRedemption: true,
      maxRedemptions: '5',
      discountValueType: 'amount',
      value: 10,
      startDate: '2026-01-01',
      endDate: '2026-12-31T15:59:59.999Z',
    },
  ],
  ['generate codes', generateCodesSchema, { count: '25' }],
  ['slot availability', timeslotAvailabilitySchema, { isAvailable: false }],
  ['payments test mode', paymentTestModeSchema, { enabled: true }],
  ['order status', adminStatusPatchSchema, { status: 'Canceled' }],
];

const VALUES: unknown[] = [
  undefined,
  null,
  '',
  '  padded  ',
  'abc',
  'SG-1',
  '12.5',
  '2026-02-28',
  0,
  -1,
  1.5,
  10,
  true,
  false,
  [],
  {},
];

const hasDefault = (json: unknown): boolean =>
  json !== null &&
  typeof json === 'object' &&
  Object.entries(json).some(([key, value]) => key === 'default' || hasDefault(value));

describe('the JSON schema of an admin body, derived from its valibot form', () => {
  it.each(FORMS)('takes every %s body the form takes, so the form gives the message', (_, form, body) => {
    const json = inputJsonSchema(form);
    const check = validatorCompiler({ schema: json, method: 'POST', url: '/', httpPart: 'body' }) as (
      data: unknown,
    ) => boolean;
    expect(v.safeParse(form, body).success).toBe(true);
    let taken = 0;
    const fields = Object.keys((form as unknown as { entries: object }).entries);
    for (const field of [...fields, 'unknownExtra']) {
      for (const value of VALUES) {
        const mutated = { ...body, [field]: value };
        if (value === undefined) delete mutated[field];
        if (!v.safeParse(form, mutated).success) continue;
        taken += 1;
        expect(check(structuredClone(mutated)), `${field}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
    expect(taken).toBeGreaterThan(fields.length);
  });

  it('has no defaults: an update that leaves isActive out reaches the route without it', () => {
    const json = inputJsonSchema(packageFormSchema);
    expect(hasDefault(json)).toBe(false);
    const check = validatorCompiler({ schema: json, method: 'PUT', url: '/', httpPart: 'body' }) as (
      data: unknown,
    ) => boolean;
    const body = { name: 'Basic', price: '120' };
    expect(check(body)).toBe(true);
    expect(body).toEqual({ name: 'Basic', price: '120' });
  });

  it("documents the checks JSON Schema cannot say with the form's messages", () => {
    const pkg = inputJsonSchema(packageFormSchema) as unknown as {
      properties: Record<string, { description?: string }>;
    };
    expect(pkg.properties.price?.description).toBe(
      'Refused (400) with: "Price must be a positive number"; "Price must be at most 99,999,999.99".',
    );
    const discount = inputJsonSchema(discountFormSchema) as { description?: string };
    expect(discount.description).toContain('"End date must be on or after the start date"');
    expect(discount.description).toContain('"Identifier Prefix is required for Promo discounts"');
  });
});
