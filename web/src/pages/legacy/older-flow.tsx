import {
  errorMap,
  formatDateDMY,
  formatTimeLabel,
  parseDateOfBirth,
  simpleRegistrationSchema,
  slotsLeftLabel,
  validate,
} from '@hs/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page, PageLoader } from '../../components/layout/page';
import { AlertCircleIcon, CheckCircleIcon, CopyIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import * as Field from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { toaster } from '../../components/ui/toaster';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import { ChoiceGroup } from '../../public/choice-group';
import { FormField, focusFirstInvalid } from '../../public/form-field';
import { ArrowLeftIcon, ArrowRightIcon, PrinterIcon } from '../../components/icons';
import {
  type LegacyBookingDetails,
  positiveInt,
  readBookingDetails,
  readRegistrationData,
  storeBookingDetails,
  storeRegistrationData,
} from '../../public/legacy-storage';
import { money, toCents } from '../../public/money';
import type { EventDetail, EventSummary, PublicTimeslot } from '../../public/types';
import { eventKey } from '../booking/booking-page';

/** Redirects once (replace) and renders nothing. */
function Redirect({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

function StateCard({ title, text, action }: { title: string; text: string; action: React.ReactNode }) {
  return (
    <Page display="flex" justifyContent="center">
      <Card.Root maxW="lg" w="full" textAlign="center" role="alert">
        <Card.Body alignItems="center" gap="3" py="10">
          <AlertCircleIcon className={css({ w: '10', h: '10', color: 'danger.default' })} />
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</h1>
          <p className={css({ color: 'fg.muted' })}>{text}</p>
          <div className={css({ mt: '4' })}>{action}</div>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

function StepHeader({ step, title, subtitle }: { step: number; title: string; subtitle?: string | null }) {
  return (
    <header className={css({ mb: '6' })}>
      <p className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'accent.text' })}>Step {step} of 4</p>
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{title}</h1>
      {subtitle ? <p className={css({ color: 'fg.muted', mt: '1' })}>{subtitle}</p> : null}
    </header>
  );
}

const slotButton = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '0.5',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { borderColor: 'border.outline' },
  _focusVisible: { outline: '2px solid {colors.accent.default}', outlineOffset: '2px' },
  '&[aria-pressed=true]': { borderColor: 'accent.default', bg: 'accent.subtle' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed', bg: 'bg.subtle' },
});

function groupByDate(slots: readonly PublicTimeslot[]) {
  const groups = new Map<string, PublicTimeslot[]>();
  for (const s of [...slots].sort((a, b) => `${a.date}${a.time}`.localeCompare(`${b.date}${b.time}`))) {
    groups.set(s.date, [...(groups.get(s.date) ?? []), s]);
  }
  return [...groups.entries()];
}

/** `/legacy/events/{slug}`: older alternate flow, step 2 (package and time slot). */
export function LegacyEventPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const [, navigate] = useLocation();
  const { data, error, isLoading } = useSWR<ApiEnvelope<EventDetail>>(slug ? eventKey(slug) : null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [timeslotId, setTimeslotId] = useState<number | null>(null);

  if (!slug) return <Redirect to="/" />;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <StateCard
        title={missing ? 'Event Not Found' : 'Error'}
        text={
          missing
            ? "The event you're looking for doesn't exist or has been removed."
            : "We couldn't load the event details. Please try again later."
        }
        action={
          <Button asChild>
            <Link href="/">{missing ? 'Browse Events' : 'Return to Home'}</Link>
          </Button>
        }
      />
    );
  }
  if (isLoading || !data?.data) {
    return (
      <Page>
        <div aria-busy="true" className={css({ display: 'grid', gap: '3', maxW: '3xl', mx: 'auto' })}>
          <span className={css({ srOnly: true })}>Loading event</span>
          <Skeleton h="10" w="60%" />
          <Skeleton h="24" />
          <Skeleton h="40" />
        </div>
      </Page>
    );
  }
  const event = data.data;
  const groups = groupByDate(event.timeslots ?? []);
  const canContinue = packageId !== null && timeslotId !== null;
  return (
    <Page>
      <title>{`${event.name} | Health Screening`}</title>
      <div className={css({ maxW: '3xl', mx: 'auto' })}>
        <StepHeader step={2} title="Choose Package and Time" subtitle={event.name} />
        <Card.Root>
          <Card.Body gap="8" pt="6">
            <ChoiceGroup
              id="legacy-packageId"
              label={
                <span className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>Select a Package</span>
              }
              name="legacy-package"
              value={packageId}
              onChange={setPackageId}
              options={event.packages.map((p) => ({
                value: String(p.id),
                label: p.name,
                description: p.description,
                aside: <span className={css({ fontWeight: 'bold' })}>{money(p.price)}</span>,
              }))}
            />
            <section aria-labelledby="legacy-slots">
              <h2 id="legacy-slots" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
                Select a Time Slot
              </h2>
              {groups.length === 0 ? (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                  No timeslots available for this event. Please check back later or contact our support team.
                </p>
              ) : (
                <div className={css({ display: 'grid', gap: '5' })}>
                  {groups.map(([date, slots]) => (
                    <div key={date}>
                      <h3 className={css({ fontWeight: 'medium', mb: '2', fontSize: 'sm' })}>
                        {formatDateDMY(date)}
                      </h3>
                      <div
                        className={css({
                          display: 'grid',
                          gap: '2',
                          gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 1fr)' },
                        })}
                      >
                        {slots.map((s) => {
                          const full = !s.isAvailable || s.currentAttendees >= s.maxAttendees;
                          return (
                            <button
                              key={s.id}
                              type="button"
                              className={slotButton}
                              aria-pressed={timeslotId === s.id}
                              disabled={full}
                              onClick={() => setTimeslotId(s.id)}
                            >
                              <span className={css({ fontWeight: 'medium' })}>{s.label}</span>
                              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                                {full ? 'Fully booked' : slotsLeftLabel(s)}
                              </span>
                            </button>
                          );
                        })}
                      </div>
                    </div>
                  ))}
                </div>
              )}
            </section>
          </Card.Body>
          <Card.Footer justifyContent="space-between" gap="3" flexWrap="wrap">
            <Button asChild variant="outline">
              <Link href="/">
                <ArrowLeftIcon />
                Back
              </Link>
            </Button>
            <Button
              disabled={!canContinue}
              onClick={() =>
                navigate(`/participants?eventId=${event.id}&packageId=${packageId}&timeslotId=${timeslotId}`)
              }
            >
              Continue to Participants
              <ArrowRightIcon />
            </Button>
          </Card.Footer>
        </Card.Root>
      </div>
    </Page>
  );
}

/**
 * `/participants?eventId=&packageId=&timeslotId=`: stores the booking details (with the event,
 * package and slot names for the later screens) in session storage and goes to /registration.
 */
export function LegacyParticipantsRedirect() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(search);
    const eventId = positiveInt(q.get('eventId'));
    const packageId = positiveInt(q.get('packageId'));
    const timeslotId = positiveInt(q.get('timeslotId'));
    if (!eventId || !packageId || !timeslotId) {
      navigate('/', { replace: true });
      return;
    }
    (async () => {
      const details: LegacyBookingDetails = { eventId, packageId, timeslotId };
      try {
        const list = await api.get<ApiEnvelope<EventSummary[]>>('/api/events');
        const summary = list.data.find((e) => e.id === eventId);
        if (summary) {
          const detail = await api.get<ApiEnvelope<EventDetail>>(eventKey(summary.slug));
          const pkg = detail.data.packages.find((p) => p.id === packageId);
          const slot = (detail.data.timeslots ?? []).find((t) => t.id === timeslotId);
          Object.assign(details, {
            eventSlug: summary.slug,
            eventName: detail.data.name,
            location: detail.data.location,
            packageName: pkg?.name ?? null,
            packagePrice: pkg?.price ?? null,
            date: slot?.date ?? null,
            time: slot?.time ?? null,
            timeLabel: slot?.label ?? null,
          });
        }
      } catch {
        // the ids are enough to book; names are shown when known
      }
      storeBookingDetails(details);
      navigate('/registration', { replace: true });
    })();
  }, [search, navigate]);
  return <PageLoader label="Preparing your booking" />;
}

function BookingSummary({ details }: { details: LegacyBookingDetails }) {
  return (
    <dl
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
        columnGap: '6',
        rowGap: { base: '0.5', sm: '2' },
        fontSize: 'sm',
        '& dt': { color: 'fg.muted', mt: { base: '2', sm: '0' } },
        '& dd': { fontWeight: 'medium', wordBreak: 'break-word' },
      })}
    >
      <dt>Event</dt>
      <dd>{details.eventName ?? `Event #${details.eventId}`}</dd>
      <dt>Date and Time</dt>
      <dd>
        {details.date ? formatDateDMY(details.date) : ''}{' '}
        {details.timeLabel ?? (details.time ? formatTimeLabel(details.time) : '')}
      </dd>
      <dt>Location</dt>
      <dd>{details.location || 'Location not specified'}</dd>
      <dt>Package</dt>
      <dd>
        {details.packageName ?? `Package #${details.packageId}`}
        {details.packagePrice ? ` (${money(details.packagePrice)})` : ''}
      </dd>
    </dl>
  );
}

interface SimpleValues {
  firstName: string;
  lastName: string;
  gender: '' | 'male' | 'female' | 'other';
  dateOfBirth: string;
  identificationNumber: string;
  email: string;
  mobileNumber: string;
  medicalConditions: string;
  acceptTerms: boolean;
}

const EMPTY_SIMPLE: SimpleValues = {
  firstName: '',
  lastName: '',
  gender: '',
  dateOfBirth: '',
  identificationNumber: '',
  email: '',
  mobileNumber: '',
  medicalConditions: '',
  acceptTerms: false,
};

const SIMPLE_ORDER = [
  'firstName',
  'lastName',
  'gender',
  'dateOfBirth',
  'identificationNumber',
  'email',
  'mobileNumber',
  'acceptTerms',
] as const;

const R = 'reg-';

export function simpleErrors(values: SimpleValues, details: LegacyBookingDetails): Record<string, string> {
  const r = validate(simpleRegistrationSchema, {
    ...values,
    eventId: details.eventId,
    packageId: details.packageId,
    timeslotId: details.timeslotId,
  });
  return r.ok ? {} : errorMap(r.errors);
}

/** The simple registration payload (spec section 3). */
export function simplePayload(values: SimpleValues, details: LegacyBookingDetails) {
  const dob = parseDateOfBirth(values.dateOfBirth);
  return {
    eventId: details.eventId,
    timeslotId: details.timeslotId,
    packageId: details.packageId,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    gender: values.gender,
    dateOfBirth: dob.ok ? dob.value : values.dateOfBirth.trim(),
    identificationNumber: values.identificationNumber.trim().toUpperCase(),
    mobileNumber: values.mobileNumber.trim(),
    email: values.email.trim(),
    medicalConditions: values.medicalConditions.trim(),
  };
}

/** `/registration`: Personal Details (older flow). */
export function LegacyRegistrationPage() {
  const [, navigate] = useLocation();
  const details = useMemo(() => readBookingDetails(), []);
  const [values, setValues] = useState<SimpleValues>(EMPTY_SIMPLE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [processing, setProcessing] = useState(false);

  if (!details) return <Redirect to="/" />;

  const set = <K extends keyof SimpleValues>(name: K, value: SimpleValues[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: simpleErrors(next, details)[name] ?? '' }));
  };
  const blur = (name: keyof SimpleValues) =>
    setErrors((e) => ({ ...e, [name]: simpleErrors(values, details)[name] ?? '' }));
  const text = (name: Exclude<keyof SimpleValues, 'gender' | 'acceptTerms'>) => ({
    id: `${R}${name}`,
    name,
    value: values[name],
    error: errors[name] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    onBlur: () => blur(name),
  });

  async function submit() {
    if (!details || processing) return;
    const errs = simpleErrors(values, details);
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      focusFirstInvalid(errs, SIMPLE_ORDER, R);
      return;
    }
    setProcessing(true);
    try {
      const payload = simplePayload(values, details);
      const res = await fetch('/api/registrations', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
      });
      const body = (await res.json().catch(() => null)) as {
        message?: string;
        data?: {
          reference_number?: string;
          referenceNumber?: string;
          id?: number;
          status?: string;
          balanceDue?: string;
        };
      } | null;
      if (!res.ok) {
        toaster.create({
          title: 'Registration failed',
          description: body?.message || `Registration failed: ${res.status} ${res.statusText}`,
          type: 'error',
        });
        return;
      }
      const data = body?.data;
      storeRegistrationData({
        referenceNumber: data?.reference_number || data?.referenceNumber || '',
        id: data?.id ?? null,
        status: data?.status ?? null,
        balanceDue: data?.balanceDue ?? null,
        firstName: payload.firstName,
        lastName: payload.lastName,
        email: payload.email,
        mobileNumber: payload.mobileNumber,
        gender: payload.gender,
        identificationNumber: payload.identificationNumber,
        dateOfBirth: payload.dateOfBirth,
      });
      navigate('/confirmation');
    } catch {
      toaster.create({
        title: 'Registration failed',
        description: 'Network error. Please try again later.',
        type: 'error',
      });
    } finally {
      setProcessing(false);
    }
  }

  const back = details.eventSlug ? `/legacy/events/${details.eventSlug}` : `/events/${details.eventId}`;
  return (
    <Page>
      <title>Personal Details | Health Screening</title>
      <div className={css({ maxW: '3xl', mx: 'auto' })}>
        <StepHeader step={3} title="Personal Details" subtitle="Tell us who is attending the screening." />
        <Card.Root>
          <Card.Body gap="6" pt="6">
            <section
              aria-label="Your booking"
              className={css({ p: '4', bg: 'bg.subtle', borderRadius: 'l2' })}
            >
              <BookingSummary details={details} />
            </section>
            <form
              id="registration-form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
              className={css({
                display: 'grid',
                gap: '4',
                gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
              })}
            >
              <FormField label="First Name" required autoComplete="given-name" {...text('firstName')} />
              <FormField label="Last Name" required autoComplete="family-name" {...text('lastName')} />
              <div className={css({ gridColumn: { md: '1 / -1' } })}>
                <ChoiceGroup
                  id={`${R}gender`}
                  label="Gender *"
                  name="reg-gender"
                  columns={3}
                  compact
                  value={values.gender || null}
                  onChange={(v) => set('gender', v as SimpleValues['gender'])}
                  onBlur={() => blur('gender')}
                  error={errors.gender || undefined}
                  options={[
                    { value: 'male', label: 'Male' },
                    { value: 'female', label: 'Female' },
                    { value: 'other', label: 'Other' },
                  ]}
                />
              </div>
              <FormField
                label="Date of Birth"
                required
                placeholder="DD/MM/YYYY"
                inputMode="numeric"
                autoComplete="bday"
                {...text('dateOfBirth')}
              />
              <FormField
                label="Identification Number (NRIC/FIN)"
                required
                autoComplete="off"
                {...text('identificationNumber')}
              />
              <FormField label="Email" required type="email" autoComplete="email" {...text('email')} />
              <FormField
                label="Mobile Number"
                required
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                {...text('mobileNumber')}
              />
              <div className={css({ gridColumn: { md: '1 / -1' } })}>
                <Field.Root id={`${R}medicalConditions`}>
                  <Field.Label>Medical Conditions</Field.Label>
                  <Field.Textarea
                    name="medicalConditions"
                    value={values.medicalConditions}
                    onChange={(e) => set('medicalConditions', e.target.value)}
                    placeholder="Optional: allergies, conditions or medications we should know about"
                  />
                </Field.Root>
              </div>
              <div className={css({ gridColumn: { md: '1 / -1' } })}>
                <Checkbox
                  id={`${R}acceptTerms`}
                  checked={values.acceptTerms}
                  invalid={Boolean(errors.acceptTerms)}
                  onCheckedChange={(e) => set('acceptTerms', e.checked === true)}
                >
                  I accept the terms and conditions
                </Checkbox>
                {errors.acceptTerms ? (
                  <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm', mt: '1' })}>
                    {errors.acceptTerms}
                  </p>
                ) : null}
              </div>
            </form>
          </Card.Body>
          <Card.Footer justifyContent="space-between" gap="3" flexWrap="wrap">
            <Button asChild variant="outline">
              <Link href={back}>
                <ArrowLeftIcon />
                Back
              </Link>
            </Button>
            <Button type="submit" form="registration-form" loading={processing} loadingText="Processing...">
              Confirm Booking
            </Button>
          </Card.Footer>
        </Card.Root>
      </div>
    </Page>
  );
}

export const REMINDERS = [
  'Arrive 15 minutes before your appointment time.',
  'Bring your identification card (NRIC).',
  'Fast for 8-10 hours before your blood tests.',
  'Drink plenty of water.',
  'Wear comfortable clothing.',
];

const GENDER_LABEL: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };

/** `/confirmation`: booking confirmed (older flow), from session storage. */
export function LegacyConfirmationPage() {
  const registration = useMemo(() => readRegistrationData(), []);
  const details = useMemo(() => readBookingDetails(), []);
  if (!registration || !details) return <Redirect to="/" />;

  async function copyReference() {
    try {
      await navigator.clipboard.writeText(registration?.referenceNumber ?? '');
      toaster.create({ title: 'Reference number copied to clipboard', type: 'success' });
    } catch {
      toaster.create({ title: 'Failed to copy', type: 'error' });
    }
  }

  const due = toCents(registration.balanceDue);
  const rows: [string, React.ReactNode][] = [
    ['Event', details.eventName ?? `Event #${details.eventId}`],
    [
      'Date and Time',
      `${details.date ? formatDateDMY(details.date) : ''} ${details.timeLabel ?? (details.time ? formatTimeLabel(details.time) : '')}`.trim(),
    ],
    ['Location', details.location || 'Location not specified'],
    [
      'Package',
      `${details.packageName ?? `Package #${details.packageId}`}${details.packagePrice ? ` (${money(details.packagePrice)})` : ''}`,
    ],
    ['Name', `${registration.firstName} ${registration.lastName}`],
    ['Email', registration.email],
    ['Mobile Number', registration.mobileNumber],
    ['Gender', GENDER_LABEL[registration.gender] ?? registration.gender],
    ['ID Number', registration.identificationNumber],
    ['Date of Birth', formatDateDMY(registration.dateOfBirth)],
    ...(registration.unitNumber ? ([['Unit Number', registration.unitNumber]] as [string, string][]) : []),
    ['Address', registration.address || '-'],
    ['Postal Code', registration.postalCode || '-'],
  ];

  return (
    <Page display="flex" justifyContent="center">
      <title>Booking Confirmed! | Health Screening</title>
      <Card.Root maxW="2xl" w="full">
        <Card.Header alignItems="center" textAlign="center" gap="2">
          <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default' })} />
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
            Booking Confirmed!
          </h1>
          <p className={css({ color: 'fg.muted' })}>
            Your health screening appointment has been successfully booked.
          </p>
        </Card.Header>
        <Card.Body gap="5">
          <div
            className={css({
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: '3',
              flexWrap: 'wrap',
              p: '4',
              borderRadius: 'l2',
              bg: 'accent.subtle',
            })}
          >
            <div className={css({ textAlign: 'center' })}>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Reference Number</p>
              <p
                data-testid="reference-number"
                className={css({ fontSize: '2xl', fontWeight: 'bold', fontFamily: 'mono' })}
              >
                {registration.referenceNumber}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={copyReference}>
              <CopyIcon />
              Copy<span className={css({ srOnly: true })}> reference number</span>
            </Button>
          </div>
          <dl
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
              columnGap: '6',
              rowGap: { base: '0.5', sm: '2' },
              fontSize: 'sm',
              '& dt': { color: 'fg.muted', mt: { base: '2', sm: '0' } },
              '& dd': { fontWeight: 'medium', wordBreak: 'break-word' },
            })}
          >
            {rows.map(([label, value]) => (
              <div key={label} className={css({ display: 'contents' })}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {due > 0 ? (
            <p
              className={css({
                p: '3',
                borderRadius: 'l2',
                bg: 'warning.subtle',
                color: 'warning.text',
                fontSize: 'sm',
              })}
            >
              A payment of {money(registration.balanceDue)} is due.{' '}
              <Link
                className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}
                href={`/booking/confirmation/${encodeURIComponent(registration.referenceNumber)}?showPayment=true`}
              >
                Pay now
              </Link>
            </p>
          ) : null}
          <section>
            <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>Important Reminders</h2>
            <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1', fontSize: 'sm' })}>
              {REMINDERS.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
        </Card.Body>
        <Card.Footer
          justifyContent="center"
          flexWrap="wrap"
          gap="3"
          className={css({ '@media print': { display: 'none' } })}
        >
          <Button
            variant="outline"
            onClick={() => window.alert('Email confirmation is not implemented yet.')}
          >
            Email Confirmation
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            <PrinterIcon />
            Print Details
          </Button>
          <Button asChild>
            <Link href="/">Return to Homepage</Link>
          </Button>
        </Card.Footer>
      </Card.Root>
    </Page>
  );
}
