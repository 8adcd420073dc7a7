import { BOOKING_MESSAGES, membershipToast, slotsLeftLabel } from '@hs/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR, { type ScopedMutator, useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { css, cx } from 'styled-system/css';
import { AlertTriangleIcon, CheckIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { toaster } from '../../components/ui/toaster';
import { type ApiEnvelope, ApiError, api, errorMessage } from '../../lib/api';
import { createRegistration, verifyMembership } from '../../public/calls';
import { ChoiceGroup } from '../../public/choice-group';
import { FormField, focusFirstInvalid } from '../../public/form-field';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { money, toCents } from '../../public/money';
import {
  clearPartnerHandoff,
  readPartnerHandoff,
  type StoredPartnerData,
} from '../../public/partner-storage';
import type {
  DiscountResult,
  DraftParticipant,
  EventDetail,
  PostalTimeslotsResponse,
  PublicTimeslot,
  RegistrationLookup,
} from '../../public/types';
import { lookupKey } from '../confirmation/confirmation-page';
import { EVENTS_KEY } from '../home';
import type { SuccessInfo } from './booking-success';
import { ReviewStep, useQuote } from './review-step';
import {
  buildRegistrationBody,
  EMPTY_PERSONAL,
  findPackage,
  isSixDigitPostalCode,
  type Membership,
  NO_MEMBERSHIP,
  PERSONAL_FIELDS,
  type PersonalValues,
  personalErrors,
  personalFromPartner,
  previewPricing,
  referenceOf,
  STEP_TITLES,
} from './wizard-logic';

const F = 'bk-';

export const NO_TIMESLOTS_MESSAGE =
  'No timeslots available for this postal code. Please try a different postal code or contact our support team.';

const stepItem = css({
  display: 'flex',
  alignItems: 'center',
  flex: '1',
  gap: '2',
  '&:last-child': { flex: '0 0 auto' },
});
const indicator = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border.emphasized',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
  bg: 'bg.default',
  '&[data-current]': { borderColor: 'accent.default', color: 'accent.text', bg: 'accent.subtle' },
  '&[data-complete]': { borderColor: 'accent.default', bg: 'accent.default', color: 'white' },
  '& svg': { w: '4', h: '4' },
});
const separator = css({
  flex: '1',
  h: '2px',
  minW: '3',
  bg: 'border.default',
  '&[data-complete]': { bg: 'accent.default' },
});

function StepsIndicator({ step }: { step: number }) {
  return (
    <nav aria-label="Booking steps" className={css({ mb: '6' })}>
      <ol className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        {STEP_TITLES.map((title, index) => {
          const state = index < step ? { 'data-complete': '' } : index === step ? { 'data-current': '' } : {};
          return (
            <li key={title} className={stepItem} aria-current={index === step ? 'step' : undefined}>
              <span className={indicator} {...state} aria-hidden="true">
                {index < step ? <CheckIcon /> : index + 1}
              </span>
              <span
                className={cx(
                  index === step ? css({ display: { base: 'none', md: 'inline' } }) : css({ srOnly: true }),
                  css({
                    fontSize: 'sm',
                    fontWeight: index === step ? 'semibold' : 'normal',
                    color: index === step ? 'fg.default' : 'fg.muted',
                    whiteSpace: 'nowrap',
                  }),
                )}
              >
                {index < step ? <span className={css({ srOnly: true })}>Completed: </span> : null}
                {title}
              </span>
              {index < STEP_TITLES.length - 1 ? <span className={separator} {...state} /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Reads the new booking once with its `position` (the lookup waits until the read model has caught up)
 * and puts it in the SWR cache the confirmation page reads, so that page never sees a 404 for it.
 */
async function primeLookup(
  mutate: ScopedMutator,
  reference: string,
  position: string | number | null | undefined,
) {
  if (position === null || position === undefined) return;
  try {
    const key = lookupKey(reference);
    const data = await api.get<ApiEnvelope<RegistrationLookup>>(key, { position: String(position) });
    await mutate(key, data, { revalidate: false });
  } catch {
    // the confirmation page fetches it itself
  }
}

export interface BookingWizardProps {
  event: EventDetail;
  onBooked: (info: SuccessInfo) => void;
}

export function BookingWizard({ event, onBooked }: BookingWizardProps) {
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [step, setStep] = useState(0);
  const [packageId, setPackageId] = useState<number | null>(null);
  const [packageError, setPackageError] = useState<string>();
  const [personal, setPersonal] = useState<PersonalValues>(EMPTY_PERSONAL);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [membership, setMembership] = useState<Membership>(NO_MEMBERSHIP);
  const [verifying, setVerifying] = useState(false);
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [timeslotId, setTimeslotId] = useState<number | null>(null);
  const [participants, setParticipants] = useState<DraftParticipant[]>([]);
  const [discount, setDiscount] = useState<DiscountResult | null>(null);
  const [partner, setPartner] = useState<StoredPartnerData | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const prefilled = useRef(false);

  // Partner hand-off prefill (valid for 10 minutes; stale data is cleared by readPartnerHandoff).
  useEffect(() => {
    if (prefilled.current) return;
    prefilled.current = true;
    const data = readPartnerHandoff();
    if (!data) return;
    setPartner(data);
    setPersonal((p) => personalFromPartner(data, p));
    toaster.create({
      title: 'Booking details loaded',
      description: 'Your details from WhiteCoat have been filled in. Please review them and continue.',
      type: 'info',
    });
  }, []);

  const postalCode = personal.postalCode.trim();
  const timeslotsQuery = useSWR<PostalTimeslotsResponse>(
    isSixDigitPostalCode(postalCode)
      ? ['/api/timeslots/postal-code', { postalCode, eventId: event.id }]
      : null,
  );
  const dateGroups = useMemo(
    () =>
      Object.values(timeslotsQuery.data?.data ?? {}).sort((a, b) => a.date.value.localeCompare(b.date.value)),
    [timeslotsQuery.data],
  );
  const selectedGroup = dateGroups.find((g) => g.date.value === selectedDate);
  const selectedSlot: PublicTimeslot | undefined = selectedGroup?.timeslots.find((t) => t.id === timeslotId);

  const pricing = previewPricing({ event, packageId, membership, participants, discount, partner });
  const bodyFor = (totalCents: number) =>
    buildRegistrationBody({
      event,
      packageId,
      timeslotId,
      personal,
      membership,
      participants,
      discount,
      partner,
      totalCents,
    });
  const quote = useQuote(step === 3 && pricing ? bodyFor(pricing.totalCents) : null);
  const totalCents = quote.data ? toCents(quote.data.total) : (pricing?.totalCents ?? 0);

  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const setField = (name: keyof PersonalValues, value: string) => {
    setPersonal((p) => ({ ...p, [name]: value }));
    if (name === 'postalCode') {
      setSelectedDate(null);
      setTimeslotId(null);
    }
    // re-check a field that already shows a message while it is being corrected
    if (errors[name]) {
      const next = personalErrors({ ...personal, [name]: value } as PersonalValues);
      setErrors((e) => ({ ...e, [name]: next[name] ?? '' }));
    }
  };
  const blurField = (name: keyof PersonalValues) => {
    const all = personalErrors(personal);
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
      const errs = personalErrors(personal);
      setErrors(errs);
      if (Object.keys(errs).length > 0) {
        focusFirstInvalid(errs, PERSONAL_FIELDS, F);
        return;
      }
      if (!membership.checked) {
        setVerifying(true);
        const result = await verifyMembership(personal.identificationNumber, personal.dateOfBirth);
        setVerifying(false);
        // a failure falls back to standard pricing and moves on
        setMembership({
          checked: true,
          isAiaMember: result.success && result.isAiaMember,
          verificationToken: result.verificationToken,
        });
        toaster.create(membershipToast(result));
      }
      goTo(2);
      return;
    }
    if (step === 2) {
      if (!timeslotId) {
        toaster.create({
          title: BOOKING_MESSAGES.timeslotToastTitle,
          description: BOOKING_MESSAGES.timeslot,
          type: 'error',
        });
        return;
      }
      goTo(3);
    }
  }

  function previous() {
    if (step === 2) setMembership(NO_MEMBERSHIP); // verification runs again
    goTo(Math.max(0, step - 1));
  }

  async function confirm() {
    if (!pricing || submitting) return;
    setSubmitting(true);
    try {
      const res = await createRegistration(bodyFor(totalCents));
      const reference = referenceOf(res?.data);
      if (!reference) {
        toaster.create({
          title: 'Booking Error',
          description:
            'Your booking was created but there was a problem retrieving the reference number. Please contact support.',
          type: 'error',
        });
        return;
      }
      void mutate(EVENTS_KEY);
      const balance =
        res.data.balanceDue !== undefined
          ? toCents(res.data.balanceDue)
          : totalCents - (partner?.isPaidInWhiteCoat ? toCents(partner.whiteCoatPaidAmount) : 0);
      if (balance > 0 || res.data.status === 'pending_payment') {
        await primeLookup(mutate, reference, res.data.position);
        navigate(`/booking/confirmation/${encodeURIComponent(reference)}?showPayment=true`);
        return;
      }
      clearPartnerHandoff();
      const pkg = findPackage(event, packageId);
      onBooked({
        referenceNumber: reference,
        eventName: event.name,
        packageName: pkg?.name ?? '',
        date: selectedSlot?.date ?? selectedDate ?? '',
        time: selectedSlot?.time ?? '',
        timeLabel: selectedSlot?.label ?? '',
        location: event.location,
        email: personal.email.trim(),
        name: `${personal.firstName.trim()} ${personal.lastName.trim()}`,
      });
      window.scrollTo({ top: 0 });
    } catch (error) {
      toaster.create({
        title: 'Booking Failed',
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : errorMessage(error),
        type: 'error',
      });
    } finally {
      setSubmitting(false);
    }
  }

  const nextLabel = verifying ? 'Verifying AIA...' : 'Loading...';
  const nextBusy = verifying || (step === 1 && timeslotsQuery.isLoading);

  return (
    <Card.Root>
      <Card.Body pt={{ base: '5', md: '6' }}>
        <StepsIndicator step={step} />
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Step {step + 1} of {STEP_TITLES.length}
        </p>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '5', outline: 'none' })}
        >
          {STEP_TITLES[step]}
        </h2>

        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (step < 3) void next();
            else void confirm();
          }}
        >
          {step === 0 ? (
            <ChoiceGroup
              id={`${F}packageId`}
              label="Choose a screening package"
              hideLabel
              name="packageId"
              value={packageId ? String(packageId) : null}
              onChange={(v) => {
                setPackageId(Number(v));
                setPackageError(undefined);
              }}
              error={packageError}
              options={event.packages.map((p) => ({
                value: String(p.id),
                label: p.name,
                description: p.description,
                aside: (
                  <span className={css({ textAlign: 'right', display: 'block' })}>
                    <span className={css({ display: 'block', fontWeight: 'bold', color: 'fg.default' })}>
                      {money(p.price)}
                    </span>
                    {p.aiaPrice ? (
                      <span className={css({ display: 'block', fontSize: 'xs', color: 'accent.text' })}>
                        AIA {money(p.aiaPrice)}
                      </span>
                    ) : null}
                  </span>
                ),
              }))}
            />
          ) : null}

          {step === 1 ? (
            <PersonalStep
              values={personal}
              errors={errors}
              onChange={setField}
              onBlur={blurField}
              timeslots={timeslotsQuery}
              partner={partner}
            />
          ) : null}

          {step === 2 ? (
            <SlotStep
              groups={dateGroups}
              loading={timeslotsQuery.isLoading}
              error={timeslotsQuery.error}
              regionName={timeslotsQuery.data?.regionName}
              selectedDate={selectedDate}
              timeslotId={timeslotId}
              onDate={(d) => {
                setSelectedDate(d);
                setTimeslotId(null); // a new date resets the time
              }}
              onTime={setTimeslotId}
            />
          ) : null}

          {step === 3 && pricing ? (
            <ReviewStep
              event={event}
              packageId={packageId}
              personal={personal}
              membership={membership}
              slot={selectedSlot}
              dateLabel={selectedGroup?.date.label ?? ''}
              participants={participants}
              onParticipantsChange={setParticipants}
              discount={discount}
              onDiscountChange={setDiscount}
              pricing={pricing}
              quote={quote.data}
              quoteLoading={quote.isLoading}
              partner={partner}
            />
          ) : null}

          <div
            className={css({
              display: 'flex',
              justifyContent: 'space-between',
              gap: '3',
              mt: '8',
              pt: '5',
              borderTopWidth: '1px',
              borderColor: 'border.default',
            })}
          >
            <Button type="button" variant="outline" onClick={previous} disabled={step === 0 || submitting}>
              <ArrowLeftIcon />
              Previous
            </Button>
            {step < 3 ? (
              <Button type="submit" loading={nextBusy} loadingText={nextLabel}>
                Next
                <ArrowRightIcon />
              </Button>
            ) : (
              <Button type="submit" loading={submitting} loadingText="Booking...">
                Confirm Booking
              </Button>
            )}
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

interface PersonalStepProps {
  values: PersonalValues;
  errors: Record<string, string>;
  onChange: (name: keyof PersonalValues, value: string) => void;
  onBlur: (name: keyof PersonalValues) => void;
  timeslots: { data?: PostalTimeslotsResponse; error?: unknown; isLoading: boolean };
  partner: StoredPartnerData | null;
}

function PersonalStep({ values, errors, onChange, onBlur, timeslots, partner }: PersonalStepProps) {
  const field = (name: keyof PersonalValues) => ({
    id: `${F}${name}`,
    name,
    value: values[name],
    error: errors[name] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value),
    onBlur: () => onBlur(name),
  });
  const postalValid = isSixDigitPostalCode(values.postalCode.trim());
  return (
    <div
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      })}
    >
      {partner ? (
        <p
          className={cx(
            css({
              gridColumn: '1 / -1',
              p: '3',
              borderRadius: 'l2',
              bg: 'info.subtle',
              color: 'info.text',
              fontSize: 'sm',
            }),
          )}
        >
          Details prefilled from your WhiteCoat booking {partner.bookingCode}.
          {partner.isPaidInWhiteCoat
            ? ` ${money(partner.whiteCoatPaidAmount)} already paid at WhiteCoat.`
            : ''}
        </p>
      ) : null}
      <FormField label="First Name" required autoComplete="given-name" {...field('firstName')} />
      <FormField label="Last Name" required autoComplete="family-name" {...field('lastName')} />
      <FormField label="Email" required type="email" autoComplete="email" {...field('email')} />
      <FormField
        label="Mobile Number"
        required
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...field('mobileNumber')}
      />
      <div className={css({ gridColumn: { md: '1 / -1' } })}>
        <ChoiceGroup
          id={`${F}gender`}
          label="Gender *"
          name="gender"
          columns={2}
          compact
          value={values.gender || null}
          onChange={(v) => onChange('gender', v)}
          onBlur={() => onBlur('gender')}
          error={errors.gender || undefined}
          options={[
            { value: 'male', label: 'Male' },
            { value: 'female', label: 'Female' },
          ]}
        />
      </div>
      <FormField
        label="Identification Number (NRIC/FIN)"
        required
        autoComplete="off"
        helperText="Used to verify AIA Health Shield benefits"
        {...field('identificationNumber')}
      />
      <FormField
        label="Date of Birth"
        required
        placeholder="DD/MM/YYYY"
        inputMode="numeric"
        autoComplete="bday"
        {...field('dateOfBirth')}
      />
      <div>
        <FormField
          label="Postal Code"
          required
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          {...field('postalCode')}
        />
        <p aria-live="polite" className={css({ mt: '1.5', fontSize: 'sm', color: 'fg.muted', minH: '5' })}>
          {postalValid && timeslots.isLoading ? 'Checking available timeslots...' : null}
          {postalValid && !timeslots.isLoading && timeslots.data
            ? `Region: ${timeslots.data.regionName ?? timeslots.data.region}`
            : null}
          {postalValid && !timeslots.isLoading && timeslots.error ? (
            <span className={css({ color: 'fg.error' })}>
              {errorMessage(timeslots.error, 'Failed to fetch timeslots')}
            </span>
          ) : null}
        </p>
      </div>
      <FormField
        label="Unit Number"
        autoComplete="address-line2"
        placeholder="#01-01"
        {...field('unitNumber')}
      />
      <div className={css({ gridColumn: { md: '1 / -1' } })}>
        <FormField label="Address" required autoComplete="street-address" {...field('address')} />
      </div>
      <div className={css({ gridColumn: { md: '1 / -1' } })}>
        <Field.Root id={`${F}medicalConditions`}>
          <Field.Label>Medical Conditions</Field.Label>
          <Field.Textarea
            name="medicalConditions"
            value={values.medicalConditions}
            onChange={(e) => onChange('medicalConditions', e.target.value)}
            placeholder="Optional: allergies, conditions or medications we should know about"
          />
        </Field.Root>
      </div>
    </div>
  );
}

interface SlotStepProps {
  groups: { date: { label: string; value: string }; timeslots: PublicTimeslot[] }[];
  loading: boolean;
  error: unknown;
  regionName?: string | undefined;
  selectedDate: string | null;
  timeslotId: number | null;
  onDate: (date: string) => void;
  onTime: (id: number) => void;
}

function SlotStep({
  groups,
  loading,
  error,
  regionName,
  selectedDate,
  timeslotId,
  onDate,
  onTime,
}: SlotStepProps) {
  if (loading) {
    return (
      <div aria-busy="true" className={css({ display: 'grid', gap: '3' })}>
        <span className={css({ srOnly: true })}>Loading timeslots</span>
        <Skeleton h="14" />
        <Skeleton h="14" />
        <Skeleton h="14" />
      </div>
    );
  }
  const open = groups.filter((g) => g.timeslots.length > 0);
  if (error || open.length === 0) {
    return (
      <div
        role="alert"
        className={css({
          display: 'flex',
          gap: '3',
          p: '4',
          borderRadius: 'l2',
          bg: 'warning.subtle',
          color: 'warning.text',
          borderWidth: '1px',
          borderColor: 'warning.border',
        })}
      >
        <AlertTriangleIcon className={css({ flexShrink: 0, w: '5', h: '5', mt: '0.5' })} />
        <p>{NO_TIMESLOTS_MESSAGE}</p>
      </div>
    );
  }
  const group = open.find((g) => g.date.value === selectedDate);
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      {regionName ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Showing appointment slots for the {regionName} region.
        </p>
      ) : null}
      <ChoiceGroup
        id={`${F}date`}
        label="Select a date"
        name="date"
        columns={2}
        compact
        value={selectedDate}
        onChange={onDate}
        options={open.map((g) => ({
          value: g.date.value,
          label: g.date.label,
          description: `${g.timeslots.filter((t) => t.isAvailable && t.maxAttendees > t.currentAttendees).length} times available`,
        }))}
      />
      {group ? (
        <ChoiceGroup
          id={`${F}timeslotId`}
          label="Select a time"
          name="timeslotId"
          columns={3}
          compact
          value={timeslotId ? String(timeslotId) : null}
          onChange={(v) => onTime(Number(v))}
          options={group.timeslots.map((t) => {
            const full = !t.isAvailable || t.currentAttendees >= t.maxAttendees;
            return {
              value: String(t.id),
              label: t.label,
              description: full ? 'Unavailable' : slotsLeftLabel(t),
              disabled: full,
            };
          })}
        />
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Choose a date to see the available times.
        </p>
      )}
    </div>
  );
}
