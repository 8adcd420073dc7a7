import { BOOKING_MESSAGES, membershipToast } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation, currentLanguage, translateMessage as tm } from '../../i18n';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { css, cx } from 'styled-system/css';
import { formActionsRow } from '../../public/spread-row';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { toaster } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { isEventsKey, postalTimeslotsKey } from '../../lib/swr-keys';
import {
  toastBookingFailed,
  toastMemberCheckLimited,
  toastMissingReference,
} from '../../public/booking-toasts';
import { createRegistration, verifyMembership } from '../../public/calls';
import { handleMyinfoRefusal, withMyinfoHandle } from '../../public/myinfo';
import { focusFirstInvalid } from '../../public/form-field';
import { storeBookingTotal } from '../../public/booking-total';
import { toCents } from '../../public/money';
import {
  clearPartnerHandoff,
  readPartnerHandoff,
  type StoredPartnerData,
} from '../../public/partner-storage';
import type { DiscountResult, DraftParticipant, EventDetail } from '../../public/types';
import { primeLookup } from '../confirmation/prime-lookup';
import { PackageStep } from './package-step';
import { programmeFields, type ProgrammeBookingContext } from './programme';
import {
  HeldSlot,
  JoinWaitlistForm,
  PersonalStep,
  preloadLaterSteps,
  ReviewStep,
  SlotStep,
  StepSuspense,
} from './later-steps';
import { freshSlotsOf } from './fresh-slots';
import { useQuote } from './quote';
import { useSlotChoice } from './slot-choice';
import type { WaitlistClaim } from './held-slot';
import { StepsIndicator } from './steps-indicator';
import { useWizardMyinfo } from './wizard-myinfo';
import {
  buildRegistrationBody,
  EMPTY_PERSONAL,
  FIELD_ID_PREFIX as F,
  isSixDigitPostalCode,
  applyMemberOrCode,
  type MemberOrCode,
  type Membership,
  NO_MEMBERSHIP,
  PERSONAL_FIELDS,
  type PersonalValues,
  personalStepErrors,
  personalFromPartner,
  previewPricing,
  referenceOf,
  STEP_TITLES,
} from './wizard-logic';

export interface BookingWizardProps {
  event: EventDetail;
  /**
   * Completing a waiting-list offer: the package and the held slot are fixed (the wizard starts at
   * the personal step, prefilled) and the booking carries the offer's token.
   */
  claim?: WaitlistClaim | undefined;
  /**
   * Booking under a corporate programme (issue 51): only its packages, the split shown, the employee
   * alone, and the pass sent with the booking.
   */
  programme?: ProgrammeBookingContext | undefined;
}

export function BookingWizard({ event, claim, programme }: BookingWizardProps) {
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const firstStep = claim ? 1 : 0;
  const [step, setStep] = useState(firstStep);
  const [packageId, setPackageId] = useState<number | null>(claim?.packageId ?? null);
  const [packageError, setPackageError] = useState<string>();
  const [personal, setPersonal] = useState<PersonalValues>({
    ...EMPTY_PERSONAL,
    ...(programme ? { email: programme.email } : {}),
    ...claim?.personal,
  });
  /** A programme booking: the employee agrees that HR may see that they booked. */
  const [shareName, setShareName] = useState(false);
  const packages = programme ? event.packages.filter((p) => programme.packages[p.id]) : event.packages;
  /** The waiting-list form in place of the steps; `date` is the full date it was opened from. */
  const [joining, setJoining] = useState<{ date: string | null } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [membership, setMembership] = useState<Membership>(NO_MEMBERSHIP);
  const [verifying, setVerifying] = useState(false);
  const [participants, setParticipants] = useState<DraftParticipant[]>([]);
  const [discount, setDiscount] = useState<DiscountResult | null>(null);
  /** A code that cannot combine with the member price, and the booker's pick (issue 46). */
  const [memberOrCode, setMemberOrCode] = useState<MemberOrCode | null>(null);
  const [partner, setPartner] = useState<StoredPartnerData | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const prefilled = useRef(false);
  const myinfo = useWizardMyinfo({
    eventId: event.id,
    step,
    packageId,
    personal,
    setStep,
    setPackageId,
    setPersonal,
    onIdentityChanged: () => setMembership(NO_MEMBERSHIP),
  });

  // Partner hand-off prefill (valid for 10 minutes; stale data is cleared by readPartnerHandoff).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount (t is the language of that moment)
  useEffect(() => {
    if (prefilled.current) return;
    prefilled.current = true;
    const data = programme ? null : readPartnerHandoff();
    if (!data) return;
    setPartner(data);
    setPersonal((p) => personalFromPartner(data, p));
    toaster.create({
      title: t('wizard.partnerLoadedTitle'),
      description: t('wizard.partnerLoaded'),
      type: 'info',
    });
  }, []);

  const postalCode = personal.postalCode.trim();
  const slots = useSlotChoice(
    isSixDigitPostalCode(postalCode) ? postalTimeslotsKey(postalCode, event.id) : null,
  );
  const { query: timeslotsQuery, group: chosenGroup, slot: chosenSlot } = slots;
  // an offer's held slot is the booking's slot, whatever the region's list says
  const timeslotId = claim ? claim.slot.id : slots.timeslotId;
  const selectedSlot = claim ? claim.slot : chosenSlot;
  const dateLabel = claim ? claim.dateLabel : (chosenGroup?.date.label ?? '');

  // What the order is priced and booked with: the member price or the code, as the booker picked.
  const applied = applyMemberOrCode(membership, discount, memberOrCode);
  const pricing = previewPricing({ event, packageId, participants, partner, ...applied });
  const bodyFor = (totalCents: number) =>
    buildRegistrationBody({
      event,
      packageId,
      timeslotId,
      personal,
      participants,
      partner,
      totalCents,
      ...applied,
    });
  // a programme's split is its own (the company's part is not in the public quote)
  const quote = useQuote(step === 3 && pricing && !programme ? bodyFor(pricing.totalCents) : null);
  // Over the member-check limits since step 2 (429): standard pricing, said in a toast.
  const quoteLimited = quote.error instanceof ApiError && quote.error.status === 429;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, with the membership of that moment
  useEffect(() => {
    if (!quoteLimited || !membership.isAiaMember) return;
    setMembership({ ...membership, isAiaMember: false });
    setMemberOrCode(null);
    toastMemberCheckLimited((quote.error as ApiError).serverMessage);
  }, [quoteLimited]);
  const totalCents = quote.data ? toCents(quote.data.total) : (pricing?.totalCents ?? 0);
  // Spec section 9: the total is kept in session storage (the server's quote once it has answered).
  const priced = pricing !== null;
  useEffect(() => {
    if (step === 3 && priced) storeBookingTotal(totalCents);
  }, [step, priced, totalCents]);

  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const setField = (name: keyof PersonalValues, value: string) => {
    setPersonal((p) => ({ ...p, [name]: value }));
    if (name === 'postalCode') slots.clear();
    if (name === 'aiaMemberCheck') setMembership(NO_MEMBERSHIP); // asked again with the new choice
    // re-check a field that already shows a message while it is being corrected
    if (errors[name]) {
      const next = personalStepErrors({ ...personal, [name]: value } as PersonalValues);
      setErrors((e) => ({ ...e, [name]: next[name] ?? '' }));
    }
  };
  const blurField = (name: keyof PersonalValues) => {
    const all = personalStepErrors(personal);
    setErrors((e) => ({ ...e, [name]: all[name] ?? '' }));
  };

  async function next() {
    if (step === 0) {
      if (!packageId) {
        setPackageError(BOOKING_MESSAGES.package);
        focusFirstInvalid({ packageId: 'x' }, ['packageId'], F);
        return;
      }
      goTo(1);
      return;
    }
    if (step === 1) {
      const errs = personalStepErrors(personal);
      setErrors(errs);
      if (Object.keys(errs).length > 0) {
        focusFirstInvalid(errs, PERSONAL_FIELDS, F);
        return;
      }
      // Only when asked for (issue 46): without the tick nobody is checked, standard prices apply
      // and no member message is shown.
      if (!membership.checked && personal.aiaMemberCheck === 'true') {
        setVerifying(true);
        const result = await verifyMembership(personal.identificationNumber, personal.dateOfBirth);
        setVerifying(false);
        // a failure falls back to standard pricing and moves on
        setMembership({
          checked: true,
          isAiaMember: result.success && result.isAiaMember,
          verificationToken: result.verificationToken,
        });
        if (result.limited) toastMemberCheckLimited(result.message);
        else {
          const toast = membershipToast(result);
          toaster.create({ ...toast, title: tm(toast.title), description: tm(toast.description) });
        }
      }
      goTo(2);
      return;
    }
    if (step === 2) {
      if (!timeslotId) {
        toaster.create({
          title: tm(BOOKING_MESSAGES.timeslotToastTitle),
          description: tm(BOOKING_MESSAGES.timeslot),
          type: 'error',
        });
        return;
      }
      goTo(3);
    }
  }

  function previous() {
    if (step === 2) {
      setMembership(NO_MEMBERSHIP); // verification runs again
      setMemberOrCode(null);
    }
    goTo(Math.max(firstStep, step - 1));
  }

  async function confirm() {
    if (!pricing || submitting) return;
    setSubmitting(true);
    const myinfoHandle = myinfo.handle;
    try {
      const body = bodyFor(totalCents);
      // the booking's language: its emails are written in it; the handle while the identity is Myinfo's
      const sent = {
        ...body,
        language: currentLanguage(),
        ...withMyinfoHandle(myinfoHandle),
        ...(programme ? programmeFields(programme, shareName) : {}),
      };
      const res = await createRegistration(claim ? { ...sent, waitlistToken: claim.token } : sent);
      const reference = referenceOf(res?.data);
      if (!reference) {
        toastMissingReference();
        return;
      }
      if (res.data.totalAmount !== undefined) storeBookingTotal(toCents(res.data.totalAmount));
      void mutate(isEventsKey);
      const balance =
        res.data.balanceDue !== undefined
          ? toCents(res.data.balanceDue)
          : totalCents - (partner?.isPaidInWhiteCoat ? toCents(partner.whiteCoatPaidAmount) : 0);
      if (balance > 0 || res.data.status === 'pending_payment') {
        await primeLookup(mutate, reference, res.data.position);
        navigate(`/booking/confirmation/${encodeURIComponent(reference)}?showPayment=true`);
        return;
      }
      // Nothing to pay: the one confirmation page, as the spec's 'Booking Successful!' screen
      // (`booked=1`), at a URL a reload keeps.
      clearPartnerHandoff();
      await primeLookup(mutate, reference, res.data.position);
      navigate(`/booking/confirmation/${encodeURIComponent(reference)}?booked=1`);
      window.scrollTo({ top: 0 });
    } catch (error) {
      // a programme's own refusals (entitlement used, fully booked, session over) are the page's; a
      // full slot is the wizard's as for everyone, with its fresh slots below
      if (!freshSlotsOf(error) && programme?.onRefused(error)) return;
      toastBookingFailed(error);
      // refused over Myinfo: back to the details, with the reason above the form
      if (handleMyinfoRefusal(error, myinfo, myinfoHandle)) goTo(1);
      else {
        // the slot filled meanwhile (issue 50): its day as it is now, the next free slot offered
        const fresh = claim ? null : freshSlotsOf(error);
        if (fresh) {
          slots.offerFresh(fresh);
          goTo(2);
        }
      }
    } finally {
      setSubmitting(false);
    }
  }

  const nextLabel = verifying ? t('wizard.verifying') : t('common.loading');
  const nextBusy = verifying || (step === 1 && !claim && timeslotsQuery.isLoading);

  if (joining) {
    return (
      <Card.Root>
        <Card.Body pt={{ base: '5', md: '6' }}>
          <StepSuspense>
            <JoinWaitlistForm
              event={event}
              initial={{
                packageId,
                firstName: personal.firstName,
                lastName: personal.lastName,
                email: personal.email,
                mobileNumber: personal.mobileNumber,
                postalCode: personal.postalCode,
                seats: String(participants.length + 1),
                preferredDates: joining.date ? [joining.date] : [],
              }}
              onCancel={() => setJoining(null)}
            />
          </StepSuspense>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root>
      <Card.Body pt={{ base: '5', md: '6' }}>
        <StepsIndicator step={step} />
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('wizard.stepOf', { step: step + 1, total: STEP_TITLES.length })}
        </p>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '5', outline: 'none' })}
        >
          {t(`wizard.step${step}`)}
        </h2>

        <form
          noValidate
          // the later steps' chunk, fetched while the booker is on the first one
          onFocusCapture={preloadLaterSteps}
          onPointerDownCapture={preloadLaterSteps}
          onSubmit={(e) => {
            e.preventDefault();
            if (step < 3) void next();
            else void confirm();
          }}
        >
          {step === 0 ? (
            <PackageStep
              packages={packages}
              split={programme?.packages}
              packageId={packageId}
              error={packageError}
              onChange={(id) => {
                setPackageId(id);
                setPackageError(undefined);
              }}
            />
          ) : null}

          <StepSuspense>
            {step === 1 ? (
              <PersonalStep
                values={personal}
                errors={errors}
                onChange={setField}
                onBlur={blurField}
                timeslots={timeslotsQuery}
                partner={partner}
                myinfo={myinfo}
                memberCheck={!programme}
              />
            ) : null}

            {step === 2 && claim ? <HeldSlot claim={claim} /> : null}
            {step === 2 && !claim ? (
              <SlotStep {...slots.stepProps} onJoinWaitlist={(date) => setJoining({ date })} />
            ) : null}

            {step === 3 && pricing ? (
              <ReviewStep
                event={event}
                packageId={packageId}
                personal={personal}
                membership={applied.membership}
                slot={selectedSlot}
                dateLabel={dateLabel}
                maxPeople={claim?.seats}
                participants={participants}
                onParticipantsChange={setParticipants}
                discount={applied.discount}
                onDiscountChange={setDiscount}
                memberOrCode={memberOrCode}
                onMemberOrCodeChange={setMemberOrCode}
                pricing={pricing}
                quote={quote.data}
                quoteLoading={quote.isLoading}
                partner={partner}
                programme={
                  programme ? { ...programme, shareName, onShareNameChange: setShareName } : undefined
                }
              />
            ) : null}
          </StepSuspense>

          <div className={cx(formActionsRow, css({ mt: '8' }))}>
            <Button
              type="button"
              variant="outline"
              onClick={previous}
              disabled={step === firstStep || submitting}
            >
              <ArrowLeftIcon />
              {t('wizard.previous')}
            </Button>
            {step < 3 ? (
              <Button type="submit" loading={nextBusy} loadingText={nextLabel}>
                {t('wizard.next')}
                <ArrowRightIcon />
              </Button>
            ) : (
              <Button type="submit" loading={submitting} loadingText={t('wizard.booking')}>
                {t('wizard.confirm')}
              </Button>
            )}
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
