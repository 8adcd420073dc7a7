/** The Companies tab's forms (issue 51): a company and a programme. */
import * as v from 'valibot';
import { normalizeDomain } from '../corporate/eligibility';
import { PROGRAMME_PAYMENT_RULES } from '../corporate/payment';
import {
  INVALID_INPUT_MESSAGE,
  boundedInteger,
  calendarDay,
  choice,
  email,
  flag,
  optionalDecimal,
  optionalPositiveId,
  optionalText,
  positiveId,
  requiredText,
} from './fields';

export const COMPANY_MESSAGES = {
  name: 'Name is required',
  uen: 'UEN must be a Singapore UEN, e.g. 201912345K',
  billingAddress: 'Billing address is required',
  billingEmail: 'Billing email is required',
  billingEmailInvalid: 'Billing email must be an email address',
  gst: 'GST registration number must be letters and digits, e.g. M90312345A',
  poReference: 'Purchase-order reference must be at most 50 characters',
} as const;

/** ACRA's UEN forms: businesses (8 digits + letter), local companies (9 + letter), others (T/S/R...). */
const UEN = /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
const GST_NUMBER = /^[A-Z0-9]{9,10}$/;

const upperCode = (message: string, pattern: RegExp) =>
  v.pipe(
    requiredText(message),
    v.transform((s) => s.toUpperCase().replace(/[\s-]/g, '')),
    v.regex(pattern, message),
  );

export const companySchema = v.object(
  {
    name: v.pipe(requiredText(COMPANY_MESSAGES.name), v.maxLength(200, COMPANY_MESSAGES.name)),
    uen: upperCode(COMPANY_MESSAGES.uen, UEN),
    billingAddress: v.pipe(
      requiredText(COMPANY_MESSAGES.billingAddress),
      v.maxLength(500, COMPANY_MESSAGES.billingAddress),
    ),
    billingEmail: v.pipe(
      email(COMPANY_MESSAGES.billingEmail, COMPANY_MESSAGES.billingEmailInvalid),
      v.transform((s) => s.toLowerCase()),
    ),
    gstRegistrationNumber: v.pipe(
      optionalText(COMPANY_MESSAGES.gst),
      v.transform((s) => (s === null ? null : s.toUpperCase().replace(/[\s-]/g, ''))),
      v.check((s) => s === null || GST_NUMBER.test(s), COMPANY_MESSAGES.gst),
    ),
    poReference: v.pipe(
      optionalText(COMPANY_MESSAGES.poReference),
      v.check((s) => s === null || s.length <= 50, COMPANY_MESSAGES.poReference),
    ),
    isActive: flag(true),
  },
  INVALID_INPUT_MESSAGE,
);

export const PROGRAMME_FORM_MESSAGES = {
  company: 'Company is required',
  name: 'Name is required',
  code: 'Code must be 3 to 40 lowercase letters, numbers and hyphens',
  startsOn: 'Start date is required',
  endsOn: 'End date is required',
  endBeforeStart: 'End date cannot be before start date',
  events: 'Choose at least one event',
  packages: 'Choose at least one package',
  bookingCap: 'Booking cap must be a whole number of at least 1',
  entitlement: 'Bookings per employee must be between 1 and 10',
  domain: 'Each email domain must be a domain, e.g. acme.com.sg',
  eligibility: 'Give at least one email domain or use a roster',
  paymentRule: 'Choose who pays',
  amount: 'Amount must be a positive number',
  amountRequired: 'Amount is required for this payment rule',
} as const;

const ids = (message: string) =>
  v.pipe(
    v.optional(v.array(positiveId(message), message), []),
    v.check((a) => a.length > 0, message),
    v.transform((a) => [...new Set(a)]),
  );

const domains = v.pipe(
  v.optional(v.array(v.string(PROGRAMME_FORM_MESSAGES.domain), PROGRAMME_FORM_MESSAGES.domain), []),
  v.transform((a) => a.map((d) => normalizeDomain(d))),
  v.check((a) => a.every((d) => d !== null), PROGRAMME_FORM_MESSAGES.domain),
  v.transform((a) => [...new Set(a as string[])]),
);

export const programmeSchema = v.pipe(
  v.object(
    {
      companyId: positiveId(PROGRAMME_FORM_MESSAGES.company),
      name: v.pipe(
        requiredText(PROGRAMME_FORM_MESSAGES.name),
        v.maxLength(200, PROGRAMME_FORM_MESSAGES.name),
      ),
      code: v.pipe(
        requiredText(PROGRAMME_FORM_MESSAGES.code),
        v.transform((s) => s.toLowerCase()),
        v.regex(/^[a-z0-9][a-z0-9-]{2,39}$/, PROGRAMME_FORM_MESSAGES.code),
      ),
      startsOn: calendarDay(PROGRAMME_FORM_MESSAGES.startsOn),
      endsOn: calendarDay(PROGRAMME_FORM_MESSAGES.endsOn),
      eventIds: ids(PROGRAMME_FORM_MESSAGES.events),
      packageIds: ids(PROGRAMME_FORM_MESSAGES.packages),
      bookingCap: optionalPositiveId(PROGRAMME_FORM_MESSAGES.bookingCap),
      entitlement: boundedInteger(1, 10, PROGRAMME_FORM_MESSAGES.entitlement, 1),
      emailDomains: domains,
      useRoster: flag(false),
      paymentRule: choice(PROGRAMME_PAYMENT_RULES, PROGRAMME_FORM_MESSAGES.paymentRule),
      amount: optionalDecimal(PROGRAMME_FORM_MESSAGES.amount, { positive: true }),
      hrSeesNames: flag(false),
      isActive: flag(true),
    },
    INVALID_INPUT_MESSAGE,
  ),
  v.forward(
    v.partialCheck(
      [['startsOn'], ['endsOn']],
      (p) => p.endsOn >= p.startsOn,
      PROGRAMME_FORM_MESSAGES.endBeforeStart,
    ),
    ['endsOn'],
  ),
  v.forward(
    v.partialCheck(
      [['emailDomains'], ['useRoster']],
      (p) => p.useRoster || p.emailDomains.length > 0,
      PROGRAMME_FORM_MESSAGES.eligibility,
    ),
    ['emailDomains'],
  ),
  v.forward(
    v.partialCheck(
      [['paymentRule'], ['amount']],
      (p) => p.paymentRule === 'company_pays_all' || p.amount !== null,
      PROGRAMME_FORM_MESSAGES.amountRequired,
    ),
    ['amount'],
  ),
);

export type CompanyInput = v.InferOutput<typeof companySchema>;
export type ProgrammeInput = v.InferOutput<typeof programmeSchema>;
