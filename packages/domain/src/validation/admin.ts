/** Back-office forms (spec section 5). */
import * as v from 'valibot';
import { catalogueTranslationsSchema } from '../catalogue-texts';
import { DECIMAL_10_2_MAX_CENTS, parseMoney } from '../money';
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN } from '../regions';
import { parseRegistrationStatus } from '../status';
import {
  INVALID_INPUT_MESSAGE,
  calendarDay,
  flag,
  decimal,
  optionalDecimal,
  optionalText,
  positiveId,
  requiredText,
  text,
} from './fields';

export const adminLoginSchema = v.object(
  {
    username: requiredText('Username is required'),
    password: v.pipe(
      v.optional(v.nullable(v.string('Password is required')), ''),
      v.transform((s) => s ?? ''),
      v.nonEmpty('Password is required'),
    ),
  },
  INVALID_INPUT_MESSAGE,
);

export const NAME_MIN_MESSAGE = 'Name must be at least 3 characters';
export const SLUG_MIN_MESSAGE = 'Slug must be at least 3 characters';
export const SLUG_PATTERN_MESSAGE = 'Slug can only contain lowercase letters, numbers, and hyphens';

export const eventFormSchema = v.object(
  {
    name: v.pipe(text(NAME_MIN_MESSAGE), v.minLength(3, NAME_MIN_MESSAGE)),
    slug: v.pipe(
      text(SLUG_MIN_MESSAGE),
      v.minLength(3, SLUG_MIN_MESSAGE),
      v.regex(/^[a-z0-9-]+$/, SLUG_PATTERN_MESSAGE),
    ),
    description: optionalText(),
    location: optionalText(),
    isActive: v.optional(v.nullable(v.boolean()), null),
  },
  INVALID_INPUT_MESSAGE,
);

/** An amount (wire string or null) within decimal(10,2). */
const withinDecimal10_2 = <T extends string | null>(message: string) =>
  v.check<T, string>((s) => s === null || (parseMoney(s) ?? 0) <= DECIMAL_10_2_MAX_CENTS, message);

export const PACKAGE_MESSAGES = {
  price: 'Price must be a positive number',
  aiaPrice: 'AIA price must be a positive number',
  priceMax: 'Price must be at most 99,999,999.99',
  aiaPriceMax: 'AIA price must be at most 99,999,999.99',
} as const;

/** Prices come out as wire strings "123.45" (decimal(10,2)). */
export const packageFormSchema = v.object(
  {
    name: v.pipe(text(NAME_MIN_MESSAGE), v.minLength(3, NAME_MIN_MESSAGE)),
    price: v.pipe(
      decimal(PACKAGE_MESSAGES.price, { positive: true }),
      withinDecimal10_2<string>(PACKAGE_MESSAGES.priceMax),
    ),
    aiaPrice: v.pipe(
      optionalDecimal(PACKAGE_MESSAGES.aiaPrice, { positive: true }),
      withinDecimal10_2<string | null>(PACKAGE_MESSAGES.aiaPriceMax),
    ),
    description: optionalText(),
    isActive: flag(true),
    /** Issue 46: absent or null keeps the stored translations; an object replaces them. */
    translations: catalogueTranslationsSchema,
  },
  INVALID_INPUT_MESSAGE,
);

export const API_KEY_DESCRIPTION_MESSAGE = 'Description must be at least 3 characters';
export const apiKeyFormSchema = v.object(
  {
    description: v.pipe(text(API_KEY_DESCRIPTION_MESSAGE), v.minLength(3, API_KEY_DESCRIPTION_MESSAGE)),
    isActive: flag(true),
  },
  INVALID_INPUT_MESSAGE,
);

export const HOLIDAY_MESSAGES = {
  date: 'Date is required',
  dateInvalid: 'Please enter a valid date',
  name: 'Name is required',
} as const;
/** Holiday date stored as yyyy-MM-dd. */
export const holidaySchema = v.object(
  {
    name: requiredText(HOLIDAY_MESSAGES.name),
    date: calendarDay(HOLIDAY_MESSAGES.date, HOLIDAY_MESSAGES.dateInvalid),
  },
  INVALID_INPUT_MESSAGE,
);

export const EMAIL_CONFIG_MESSAGES = {
  keyMin: 'Key must be at least 3 characters',
  keyMax: 'Key must be less than 50 characters',
  valueMin: 'Value must be at least 3 characters',
  descriptionMax: 'Description must be less than 200 characters',
} as const;

const configValue = v.pipe(
  text(EMAIL_CONFIG_MESSAGES.valueMin),
  v.minLength(3, EMAIL_CONFIG_MESSAGES.valueMin),
);
const configDescription = v.pipe(
  optionalText(EMAIL_CONFIG_MESSAGES.descriptionMax),
  v.check((s) => s === null || s.length <= 200, EMAIL_CONFIG_MESSAGES.descriptionMax),
);

export const emailConfigSchema = v.object(
  {
    configKey: v.pipe(
      text(EMAIL_CONFIG_MESSAGES.keyMin),
      v.minLength(3, EMAIL_CONFIG_MESSAGES.keyMin),
      v.maxLength(50, EMAIL_CONFIG_MESSAGES.keyMax),
    ),
    configValue,
    description: configDescription,
  },
  INVALID_INPUT_MESSAGE,
);
/** Editing: the key is read-only. */
export const emailConfigUpdateSchema = v.object(
  { configValue, description: configDescription },
  INVALID_INPUT_MESSAGE,
);

/** The config keys the Help tab lists. */
export const EMAIL_CONFIG_KEYS = [
  'EMAIL_SENDER_NAME',
  'EMAIL_SENDER_ADDRESS',
  'EMAIL_CONFIRMATION_SUBJECT',
  'EMAIL_CONFIRMATION_TEMPLATE',
  'EMAIL_REMINDER_SUBJECT',
  'EMAIL_REMINDER_TEMPLATE',
] as const;

export const TEST_EMAIL_MESSAGE = 'Please enter a valid email address';
export const TEST_EMAIL_TYPES = ['confirmation', 'invoice', 'receipt'] as const;
export const testEmailSchema = v.object(
  {
    email: v.pipe(text(TEST_EMAIL_MESSAGE), v.includes('@', TEST_EMAIL_MESSAGE)),
    type: v.optional(v.picklist(TEST_EMAIL_TYPES, 'Please select an email type'), 'confirmation'),
  },
  INVALID_INPUT_MESSAGE,
);

export const TIMESLOT_SEARCH_MESSAGES = {
  event: 'Please select an event',
  postalOrDate: 'Please enter a postal code or select a date',
  postal: 'Please enter a postal code',
  postalFormat: POSTAL_CODE_MESSAGE,
  date: 'Please select a date',
} as const;

const searchPostalCode = v.pipe(
  optionalText(TIMESLOT_SEARCH_MESSAGES.postalFormat),
  v.check((s) => s === null || POSTAL_CODE_PATTERN.test(s), TIMESLOT_SEARCH_MESSAGES.postalFormat),
);
const searchDate = v.pipe(
  optionalText(TIMESLOT_SEARCH_MESSAGES.date),
  v.check((s) => s === null || calendarDayPattern.test(s), TIMESLOT_SEARCH_MESSAGES.date),
);
const calendarDayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Admin Postal Codes tab: an event, then a postal code or a date. */
export const timeslotSearchSchema = v.pipe(
  v.object(
    {
      eventId: positiveId(TIMESLOT_SEARCH_MESSAGES.event),
      postalCode: searchPostalCode,
      date: searchDate,
    },
    INVALID_INPUT_MESSAGE,
  ),
  v.forward(
    v.partialCheck(
      [['postalCode'], ['date']],
      (q) => q.postalCode !== null || q.date !== null,
      TIMESLOT_SEARCH_MESSAGES.postalOrDate,
    ),
    ['postalCode'],
  ),
);

/** Standalone /admin/postal-timeslots page and GET .../postal-code queries: event and postal code. */
export const postalTimeslotSearchSchema = v.object(
  {
    eventId: positiveId(TIMESLOT_SEARCH_MESSAGES.event),
    postalCode: v.pipe(
      requiredText(TIMESLOT_SEARCH_MESSAGES.postal),
      v.regex(POSTAL_CODE_PATTERN, TIMESLOT_SEARCH_MESSAGES.postalFormat),
    ),
  },
  INVALID_INPUT_MESSAGE,
);

/** GET .../date queries: event and a yyyy-MM-dd date. */
export const dateTimeslotSearchSchema = v.object(
  {
    eventId: positiveId(TIMESLOT_SEARCH_MESSAGES.event),
    date: calendarDay(TIMESLOT_SEARCH_MESSAGES.date),
  },
  INVALID_INPUT_MESSAGE,
);

/** PUT /api/admin/timeslots/{id}/availability. */
export const timeslotAvailabilitySchema = v.object(
  { isAvailable: v.boolean('isAvailable must be true or false') },
  INVALID_INPUT_MESSAGE,
);

/** PATCH /api/admin/registrations/{id}: either spelling read, the internal one out. */
export const ADMIN_STATUS_MESSAGE = 'Status must be confirmed or canceled';
export const adminStatusPatchSchema = v.object(
  {
    status: v.pipe(
      text(ADMIN_STATUS_MESSAGE),
      v.transform((s) => parseRegistrationStatus(s)),
      v.picklist(['confirmed', 'cancelled'], ADMIN_STATUS_MESSAGE),
    ),
  },
  INVALID_INPUT_MESSAGE,
);

/** POST /api/admin/payments/test-mode. */
export const paymentTestModeSchema = v.object(
  { enabled: v.boolean('enabled must be true or false') },
  INVALID_INPUT_MESSAGE,
);
