import { describe, expect, it } from 'vitest';
import {
  inLanguage,
  DISCOUNT_FORM_STEPS,
  adminLoginSchema,
  adminStatusPatchSchema,
  apiKeyFormSchema,
  dateTimeslotSearchSchema,
  discountApplicabilitySchema,
  discountBasicSchema,
  discountFormSchema,
  discountRedemptionSchema,
  discountValuePeriodSchema,
  emailConfigSchema,
  emailConfigUpdateSchema,
  errorMap,
  eventFormSchema,
  generateCodesSchema,
  holidaySchema,
  packageFormSchema,
  paymentTestModeSchema,
  postalTimeslotSearchSchema,
  testEmailSchema,
  timeslotAvailabilitySchema,
  timeslotSearchSchema,
  validate,
} from '../src';

const errorsOf = (schema: Parameters<typeof validate>[0], input: unknown) => {
  const r = validate(schema, input);
  return r.ok ? {} : errorMap(r.errors);
};

describe('admin forms', () => {
  it('login', () => {
    expect(errorsOf(adminLoginSchema, {})).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validate(adminLoginSchema, { username: ' admin ', password: ' secret ' })).toEqual({
      ok: true,
      value: { username: 'admin', password: ' secret ' },
    });
  });

  it('event', () => {
    expect(errorsOf(eventFormSchema, { name: 'ab', slug: 'ab' })).toEqual({
      name: 'Name must be at least 3 characters',
      slug: 'Slug must be at least 3 characters',
    });
    expect(errorsOf(eventFormSchema, { name: 'Health', slug: 'Health_Check' })).toEqual({
      slug: 'Slug can only contain lowercase letters, numbers, and hyphens',
    });
    expect(validate(eventFormSchema, { name: 'Health', slug: 'health-2025', location: null })).toEqual({
      ok: true,
      value: { name: 'Health', slug: 'health-2025', description: null, location: null, isActive: null },
    });
  });

  it('package', () => {
    expect(errorsOf(packageFormSchema, { name: 'ab', price: 0, aiaPrice: '-5' })).toEqual({
      name: 'Name must be at least 3 characters',
      price: 'Price must be a positive number',
      aiaPrice: 'AIA price must be a positive number',
    });
    expect(errorsOf(packageFormSchema, { name: 'Basic', price: 'abc' })).toEqual({
      price: 'Price must be a positive number',
    });
    expect(validate(packageFormSchema, { name: 'Basic', price: '150', aiaPrice: '' })).toEqual({
      ok: true,
      value: {
        name: 'Basic',
        price: '150.00',
        aiaPrice: null,
        description: null,
        isActive: true,
        translations: null,
      },
    });
    expect(validate(packageFormSchema, { name: 'Basic', price: 150.5, aiaPrice: 120 })).toMatchObject({
      value: { price: '150.50', aiaPrice: '120.00' },
    });
    // decimal(10,2): 99,999,999.99 is the most a price can be.
    expect(
      validate(packageFormSchema, { name: 'Basic', price: '99999999.99', aiaPrice: 99999999.99 }),
    ).toMatchObject({
      value: { price: '99999999.99', aiaPrice: '99999999.99' },
    });
    expect(
      errorsOf(packageFormSchema, { name: 'Basic', price: '100000000', aiaPrice: 123456789012 }),
    ).toEqual({
      price: 'Price must be at most 99,999,999.99',
      aiaPrice: 'AIA price must be at most 99,999,999.99',
    });
  });

  it('API key', () => {
    expect(errorsOf(apiKeyFormSchema, { description: 'ab' })).toEqual({
      description: 'Description must be at least 3 characters',
    });
    expect(validate(apiKeyFormSchema, { description: 'Partner' })).toEqual({
      ok: true,
      value: { description: 'Partner', isActive: true },
    });
  });

  it('holiday', () => {
    expect(errorsOf(holidaySchema, {})).toEqual({ name: 'Name is required', date: 'Date is required' });
    expect(errorsOf(holidaySchema, { name: 'X', date: '2025-02-30' })).toEqual({
      date: 'Please enter a valid date',
    });
    expect(validate(holidaySchema, { name: 'National Day', date: '09/08/2025' })).toEqual({
      ok: true,
      value: { name: 'National Day', date: '2025-08-09' },
    });
  });

  it('email config', () => {
    expect(
      errorsOf(emailConfigSchema, { configKey: 'AB', configValue: 'x', description: 'd'.repeat(201) }),
    ).toEqual({
      configKey: 'Key must be at least 3 characters',
      configValue: 'Value must be at least 3 characters',
      description: 'Description must be less than 200 characters',
    });
    expect(errorsOf(emailConfigSchema, { configKey: 'K'.repeat(51), configValue: 'abc' })).toEqual({
      configKey: 'Key must be less than 50 characters',
    });
    expect(
      validate(emailConfigSchema, {
        configKey: 'K'.repeat(50),
        configValue: 'abc',
        description: 'd'.repeat(200),
      }).ok,
    ).toBe(true);
    expect(validate(emailConfigUpdateSchema, { configKey: 'ignored', configValue: 'Clinic' })).toEqual({
      ok: true,
      value: { configValue: 'Clinic', description: null },
    });
  });

  it('test email', () => {
    expect(errorsOf(testEmailSchema, { email: 'nobody' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validate(testEmailSchema, { email: 'a@b' })).toEqual({
      ok: true,
      value: { email: 'a@b', type: 'confirmation' },
    });
    expect(validate(testEmailSchema, { email: 'a@b', type: 'fax' }).ok).toBe(false);
  });

  it('postal timeslot searches', () => {
    expect(errorsOf(timeslotSearchSchema, {})).toEqual({
      eventId: 'Please select an event',
      postalCode: 'Please enter a postal code or select a date',
    });
    expect(errorsOf(timeslotSearchSchema, { eventId: 1 })).toEqual({
      postalCode: 'Please enter a postal code or select a date',
    });
    expect(errorsOf(timeslotSearchSchema, { eventId: 1, postalCode: '12' })).toEqual({
      postalCode: 'Postal code must be 6 digits',
    });
    expect(errorsOf(timeslotSearchSchema, { eventId: 1, date: '5 Jan' })).toEqual({
      date: 'Please select a date',
    });
    expect(validate(timeslotSearchSchema, { eventId: '1', date: '2026-01-05' })).toEqual({
      ok: true,
      value: { eventId: 1, postalCode: null, date: '2026-01-05' },
    });
    expect(errorsOf(postalTimeslotSearchSchema, { eventId: 1 })).toEqual({
      postalCode: 'Please enter a postal code',
    });
    expect(errorsOf(postalTimeslotSearchSchema, { eventId: 1, postalCode: '1234567' })).toEqual({
      postalCode: 'Postal code must be 6 digits',
    });
    expect(errorsOf(dateTimeslotSearchSchema, { eventId: 1 })).toEqual({ date: 'Please select a date' });
    expect(validate(dateTimeslotSearchSchema, { eventId: 1, date: '2026-01-05' }).ok).toBe(true);
  });

  it('status patch, availability and test mode bodies', () => {
    expect(validate(adminStatusPatchSchema, { status: 'canceled' })).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    });
    expect(validate(adminStatusPatchSchema, { status: 'confirmed' })).toEqual({
      ok: true,
      value: { status: 'confirmed' },
    });
    expect(errorsOf(adminStatusPatchSchema, { status: 'paid' })).toEqual({
      status: 'Status must be confirmed or canceled',
    });
    expect(validate(timeslotAvailabilitySchema, { isAvailable: false }).ok).toBe(true);
    expect(validate(timeslotAvailabilitySchema, { isAvailable: 'no' }).ok).toBe(false);
    expect(validate(paymentTestModeSchema, { enabled: true }).ok).toBe(true);
  });
});

describe('discount form', () => {
  const full = {
    name: 'New Year',
    discountType: 'promo',
    identifierPrefix: 'ny-2026_',
    discountValueType: 'percentage',
    value: '10',
  };

  it('has four steps in order', () => {
    expect(DISCOUNT_FORM_STEPS.map((s) => s.title)).toEqual([
      'Basic Information',
      'Redemption',
      'Applicability',
      'Value & Period',
    ]);
  });

  it('step 1: name, promo prefix (uppercased, restricted characters), length 1-16 default 6', () => {
    expect(errorsOf(discountBasicSchema, { discountType: 'promo' })).toEqual({
      name: 'Discount name is required',
      identifierPrefix: 'Identifier Prefix is required for Promo discounts',
    });
    expect(errorsOf(discountBasicSchema, { name: 'X', discountType: 'promo' })).toEqual({
      identifierPrefix: 'Identifier Prefix is required for Promo discounts',
    });
    expect(
      errorsOf(discountBasicSchema, { name: 'X', identifierPrefix: 'a b', identifierLength: 17 }),
    ).toEqual({
      identifierPrefix: 'Identifier Prefix can only contain letters, numbers, hyphens and underscores',
      identifierLength: 'Identifier length must be between 1 and 16',
    });
    expect(errorsOf(discountBasicSchema, { name: 'X', identifierLength: 0 })).toEqual({
      identifierLength: 'Identifier length must be between 1 and 16',
    });
    const ok = validate(discountBasicSchema, { name: 'X', discountType: 'promo', identifierPrefix: 'abc' });
    expect(ok).toMatchObject({
      ok: true,
      value: { identifierPrefix: 'ABC', identifierLength: 6, isActive: true, discountType: 'promo' },
    });
  });

  it('step 2: maxima at least 0', () => {
    expect(errorsOf(discountRedemptionSchema, { limitRedemption: true, maxRedemptions: -1 })).toEqual({
      maxRedemptions: 'Maximum redemptions must be 0 or more',
    });
    expect(validate(discountRedemptionSchema, { maxRedemptions: '5' })).toMatchObject({
      value: { maxRedemptions: 5 },
    });
  });

  it('step 3: applicability defaults (Health Screening on, others off)', () => {
    expect(validate(discountApplicabilitySchema, {})).toEqual({
      ok: true,
      value: {
        applicableForAIA: false,
        applicableForRetail: false,
        applicableForHealthScreening: true,
        applicableForChronic: false,
        applicableForPDT: false,
      },
    });
  });

  it('step 4: value required, percentage by default, at most 100%, end after start', () => {
    expect(errorsOf(discountValuePeriodSchema, {})).toEqual({ value: 'Discount value is required' });
    expect(errorsOf(discountValuePeriodSchema, { value: '0' })).toEqual({
      value: 'Discount value must be a positive number',
    });
    expect(errorsOf(discountValuePeriodSchema, { value: '100.01' })).toEqual({
      value: 'Percentage discount cannot exceed 100',
    });
    // decimal(10,2) holds at most 99,999,999.99.
    expect(
      errorsOf(discountValuePeriodSchema, { value: '100000000', discountValueType: 'fixed' }).value,
    ).toBe('Discount value must be at most 99,999,999.99');
    expect(
      validate(discountValuePeriodSchema, { value: '99999999.99', discountValueType: 'fixed' }),
    ).toMatchObject({
      ok: true,
    });
    expect(validate(discountValuePeriodSchema, { value: '150', discountValueType: 'amount' })).toMatchObject({
      value: { discountValueType: 'fixed', value: '150' },
    });
    expect(
      errorsOf(discountValuePeriodSchema, { value: 5, startDate: '2026-02-01', endDate: '2026-01-31' }),
    ).toEqual({
      endDate: 'End date must be on or after the start date',
    });
    expect(errorsOf(discountValuePeriodSchema, { value: 5, startDate: 'someday' })).toEqual({
      startDate: 'Please enter a valid date',
    });
    expect(
      validate(discountValuePeriodSchema, { value: 5, startDate: '2026-01-31', endDate: '2026-01-31' }).ok,
    ).toBe(true);
  });

  it('the whole discount keeps prefix/length for promo only and maxima only with their switch', () => {
    const promo = validate(discountFormSchema, {
      ...full,
      limitRedemption: true,
      maxRedemptions: 0,
      maxBinRedemptions: 9,
    });
    expect(promo).toMatchObject({
      ok: true,
      value: {
        identifierPrefix: 'NY-2026_',
        identifierLength: 6,
        limitRedemption: true,
        maxRedemptions: 0,
        maxBinRedemptions: null,
        discountValueType: 'percentage',
        value: '10',
        applicableForHealthScreening: true,
      },
    });
    const bin = validate(discountFormSchema, {
      ...full,
      discountType: 'bin',
      limitBinRedemption: true,
      maxBinRedemptions: 3,
    });
    expect(bin).toMatchObject({
      ok: true,
      value: { identifierPrefix: null, identifierLength: null, maxBinRedemptions: 3 },
    });
    expect(errorsOf(discountFormSchema, { ...full, identifierPrefix: '', value: '' })).toEqual({
      identifierPrefix: 'Identifier Prefix is required for Promo discounts',
      value: 'Discount value is required',
    });
    expect(errorsOf(discountFormSchema, { ...full, value: 101 })).toEqual({
      value: 'Percentage discount cannot exceed 100',
    });
    expect(errorsOf(discountFormSchema, { ...full, startDate: '2026-02-02', endDate: '2026-02-01' })).toEqual(
      {
        endDate: 'End date must be on or after the start date',
      },
    );
  });

  it("accepts its own output again, for every type (the back-office posts the form's output, the api checks it with this schema)", () => {
    for (const discountType of ['-', 'promo', 'bin'] as const) {
      const once = validate(discountFormSchema, { ...full, discountType, limitBinRedemption: true });
      expect(once.ok, discountType).toBe(true);
      if (!once.ok) continue;
      const twice = validate(discountFormSchema, once.value);
      expect(twice, discountType).toEqual(once);
    }
  });

  it('generate codes: 1-1000, default 10', () => {
    for (const bad of [0, 1001, 2.5, 'x', '']) {
      expect(errorsOf(generateCodesSchema, { count: bad })).toEqual({
        count: 'Please enter a valid number between 1 and 1000',
      });
    }
    expect(validate(generateCodesSchema, {})).toEqual({ ok: true, value: { count: 10 } });
    expect(validate(generateCodesSchema, { count: '1000' })).toEqual({ ok: true, value: { count: 1000 } });
  });
});

describe('translated catalogue texts (issue 46)', () => {
  it('keeps the texts staff gave, trimmed; drops empty ones; refuses other shapes', () => {
    expect(
      validate(packageFormSchema, {
        name: 'Basic',
        price: '150',
        translations: { zh: { name: ' 基本 ', description: '' }, ms: { name: '  ' }, ta: null },
      }),
    ).toMatchObject({ ok: true, value: { translations: { zh: { name: '基本' } } } });
    for (const translations of [[], { fr: { name: 'x' } }, { zh: [] }, { zh: { title: 'x' } }, 'zh']) {
      expect(validate(packageFormSchema, { name: 'Basic', price: '150', translations }).ok).toBe(false);
    }
  });

  it('shows a translation field by field, English where none', () => {
    const item = { name: 'Basic', description: 'Blood tests' };
    const translations = { zh: { name: '基本' }, ms: { description: 'Ujian darah' } };
    expect(inLanguage(item, translations, 'zh')).toEqual({ name: '基本', description: 'Blood tests' });
    expect(inLanguage(item, translations, 'ms')).toEqual({ name: 'Basic', description: 'Ujian darah' });
    expect(inLanguage(item, translations, 'ta')).toEqual(item);
    expect(inLanguage(item, translations, 'en')).toEqual(item);
    expect(inLanguage(item, null, 'zh')).toEqual(item);
  });
});
