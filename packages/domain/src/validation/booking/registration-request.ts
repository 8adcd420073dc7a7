import * as v from 'valibot';
import { MAX_PARTICIPANTS, MAX_PARTICIPANTS_MESSAGE } from '../../participants';
import { PARTNER_CODE_MESSAGES, PARTNER_CODE_PATTERN } from '../../partner';
import { INVALID_INPUT_MESSAGE, flag, optionalDecimal, optionalPositiveId, optionalText } from '../fields';
import { mainBookingEntries } from './main-form';
import { participantSchema } from './participants';
import { bookingLanguage, myinfoHandle } from './shared-fields';

export const PROGRAMME_PASS_MESSAGE = 'Invalid programme pass';

/**
 * The main flow's POST /api/registrations body: the booking form plus the extras the client sends.
 * Client amounts are read only to be compared with the server's own pricing.
 */
export const registrationRequestSchema = v.object(
  {
    ...mainBookingEntries,
    isAiaMember: flag(false),
    discountCodeId: optionalPositiveId('Invalid discount code'),
    discountCode: optionalText(),
    total: optionalDecimal('Invalid amount'),
    totalAmount: optionalDecimal('Invalid amount'),
    whiteCoatBookingCode: v.pipe(
      optionalText(PARTNER_CODE_MESSAGES.format),
      v.check((s) => s === null || PARTNER_CODE_PATTERN.test(s), PARTNER_CODE_MESSAGES.format),
    ),
    isFromWhiteCoat: flag(false),
    whiteCoatPaidAmount: optionalDecimal('Invalid amount'),
    isPaidInWhiteCoat: flag(false),
    /** A waiting-list offer's token (`/waitlist/<token>`): the booking takes the seats held for it. */
    waitlistToken: v.pipe(
      optionalText(),
      v.check((s) => s === null || s.length <= 200, 'Invalid waiting list link'),
    ),
    /**
     * The customer ticked consent to the privacy notice (issue 24). Optional: a booking without it is
     * accepted (the spec's payload has none) and records that no consent was given.
     */
    privacyConsent: flag(false),
    /** The language the customer booked in (issue 26): their emails are written in it; absent = English. */
    language: bookingLanguage,
    /** The primary person's Myinfo retrieval (issue 49): their identity as Myinfo gave it. */
    myinfoHandle,
    /** Issue 51: the pass of an employee verified for a corporate programme (`/c/{code}`). */
    programmePass: v.pipe(
      optionalText(PROGRAMME_PASS_MESSAGE),
      v.check((s) => s === null || /^[A-Za-z0-9_-]{32,64}$/.test(s), PROGRAMME_PASS_MESSAGE),
    ),
    /** Issue 51: the employee lets HR see their name with booked or attended (never what they booked). */
    shareNameWithEmployer: flag(false),
    participants: v.pipe(
      v.optional(v.array(participantSchema, INVALID_INPUT_MESSAGE), []),
      // the primary is the booker, so at most 9 more
      v.maxLength(MAX_PARTICIPANTS - 1, MAX_PARTICIPANTS_MESSAGE),
    ),
  },
  INVALID_INPUT_MESSAGE,
);
export type RegistrationRequest = v.InferOutput<typeof registrationRequestSchema>;
