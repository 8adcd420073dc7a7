import { BOOKING_MESSAGES } from '@hs/domain';
import { useEffect, useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { useSWRConfig } from 'swr';
import { Link, useLocation, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { PencilIcon } from '../../components/icons';
import { FormCardPage } from './form-card-page';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { toaster } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { isEventsKey, postalTimeslotsKey } from '../../lib/swr-keys';
import { BackFooter } from '../../public/back-footer';
import { toastBookingFailed, toastMissingReference } from '../../public/booking-toasts';
import { createRegistration } from '../../public/calls';
import { ParticipantBadges, participantItem, participantWho } from '../../public/participant-list';
import { FormField, PostalCodeField, focusFirstInvalid } from '../../public/form-field';
import { EventLoadError, EventLoading, EventNotFound } from '../../public/event-states';
import { positiveInt, storeParticipants } from '../../public/legacy-storage';
import { publicPrice, toCents } from '../../public/money';
import { StateCard } from '../../public/state-card';
import { Notice } from '../../components/notice';
import { PriceBreakdownSkeleton, PriceBreakdownTable, viewFromQuote } from '../booking/price-breakdown';
import { useQuote } from '../booking/quote';
import { useSlotChoice } from '../booking/slot-choice';
import { SlotStep } from '../booking/slot-step';
import { PrivacyConsent } from '../booking/privacy-consent';
import { PRIVACY_CONSENT_MESSAGE, isSixDigitPostalCode, referenceOf } from '../booking/wizard-logic';
import { primeLookup } from '../confirmation/prime-lookup';
import { useLeaveWhenMissing } from './missing-information';
import { participantsPath } from './paths';
import {
  ADDRESS_FIELDS,
  type AddressValues,
  addressErrors,
  EMPTY_ADDRESS,
  participantProblems,
  participantsBookingBody,
} from './registration-body';
import { readStoredParticipants } from './stored-participants';
import { useEventById } from './use-event-by-id';
import { spreadRow } from '../../public/spread-row';

const F = 'pr-';

const section = css({ display: 'grid', gap: '3' });
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });

/**
 * `/booking/registration?eventId={id}&packageId={id}`: after the participants page ('Continue'). The
 * stored primary contact books with the stored participants; this screen asks for the address and
 * the appointment slot, shows the server's price and confirms.
 */
/** A "{name}: {message}" problem line with its message in the current language. */
function problemLine(line: string): string {
  const at = line.lastIndexOf(': ');
  return at < 0 ? line : `${line.slice(0, at)}: ${tm(line.slice(at + 2))}`;
}

export function ParticipantsRegistrationPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const q = new URLSearchParams(useSearch());
  const eventId = positiveInt(q.get('eventId'));
  const packageId = positiveInt(q.get('packageId'));
  const { event, notFound, error, isLoading } = useEventById(eventId && packageId ? eventId : null);
  const pkg = event?.packages.find((p) => p.id === packageId);
  useLeaveWhenMissing(!eventId || !packageId || (event !== undefined && !pkg));

  const [participants, setParticipants] = useState(readStoredParticipants);
  /**
   * Issue 49: a Myinfo retrieval the server no longer honours (past its 60 minutes, or used): the people
   * keep their details, booked as typed from now on (no handle), and the server's message says so.
   */
  const dropExpiredMyinfo = (e: unknown) => {
    if (!(e instanceof ApiError) || e.status !== 409 || !/myinfo/i.test(e.serverMessage ?? '')) return;
    if (!participants.some((p) => p.myinfoHandle)) return;
    const without = participants.map(({ myinfoHandle: _handle, ...p }) => p);
    storeParticipants(without);
    setParticipants(without);
  };
  const primary = participants.find((p) => p.isPrimary) ?? null;
  const others = participants.filter((p) => !p.isPrimary);
  const [address, setAddress] = useState<AddressValues>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [consent, setConsent] = useState(false);

  const postalCode = address.postalCode.trim();
  const slots = useSlotChoice(
    event && isSixDigitPostalCode(postalCode) ? postalTimeslotsKey(postalCode, event.id) : null,
  );
  const { timeslotId } = slots;
  const problems = primary ? participantProblems(primary, others) : [];
  // The quote asks without the consent, so ticking the box does not ask for a new price.
  const bodyFor = (totalCents: number, privacyConsent = consent) =>
    event && pkg && primary && timeslotId
      ? participantsBookingBody({
          event,
          packageId: pkg.id,
          timeslotId,
          primary,
          others,
          address,
          privacyConsent,
          totalCents,
        })
      : null;
  const priceable =
    primary !== null &&
    timeslotId !== null &&
    problems.length === 0 &&
    Object.keys(addressErrors(primary, address)).length === 0;
  const quote = useQuote(priceable ? bodyFor(0, false) : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new quote error is looked at
  useEffect(() => dropExpiredMyinfo(quote.error), [quote.error]);

  if (!eventId || !packageId) return null;
  if (error) return <EventLoadError />;
  if (notFound) return <EventNotFound />;
  if (isLoading || !event) return <EventLoading />;
  if (!pkg) return null;
  const backToParticipants = participantsPath(event, pkg.id);
  if (!primary) {
    return (
      <StateCard
        title={t('reg.noneTitle')}
        text={t('reg.noneText')}
        action={
          <Button asChild>
            <Link href={backToParticipants}>{t('reg.addParticipants')}</Link>
          </Button>
        }
      />
    );
  }

  const setField = (name: keyof AddressValues, value: string) => {
    const next = { ...address, [name]: value };
    setAddress(next);
    if (name === 'postalCode') slots.clear();
    if (errors[name]) setErrors((e) => ({ ...e, [name]: addressErrors(primary, next)[name] ?? '' }));
  };
  const field = (name: keyof AddressValues) => ({
    id: `${F}${name}`,
    name,
    value: address[name],
    error: errors[name] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setField(name, e.target.value),
    onBlur: () => setErrors((e) => ({ ...e, [name]: addressErrors(primary, address)[name] ?? '' })),
  });

  async function confirm() {
    if (submitting) return;
    const errs: Record<string, string> = {
      ...addressErrors(primary!, address),
      ...(consent ? {} : { privacyConsent: PRIVACY_CONSENT_MESSAGE }),
    };
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      focusFirstInvalid(errs, [...ADDRESS_FIELDS, 'privacyConsent'], F);
      return;
    }
    if (problems.length > 0) {
      toaster.create({
        title: t('reg.incompleteTitle'),
        description: t('reg.incomplete'),
        type: 'error',
      });
      return;
    }
    const body = bodyFor(quote.data ? toCents(quote.data.total) : 0);
    if (!body) {
      toaster.create({
        title: tm(BOOKING_MESSAGES.timeslotToastTitle),
        description: tm(BOOKING_MESSAGES.timeslot),
        type: 'error',
      });
      return;
    }
    setSubmitting(true);
    try {
      const res = await createRegistration(body);
      const reference = referenceOf(res?.data);
      if (!reference) {
        toastMissingReference();
        return;
      }
      // booked: the list served its purpose, and must not book the same people twice
      storeParticipants([]);
      void mutate(isEventsKey);
      await primeLookup(mutate, reference, res.data.position);
      const due = res.data.balanceDue === undefined || toCents(res.data.balanceDue) > 0;
      const pay = due || res.data.status === 'pending_payment';
      // the one confirmation page: with the payment open, or as 'Booking Successful!' when nothing is due
      navigate(
        `/booking/confirmation/${encodeURIComponent(reference)}${pay ? '?showPayment=true' : '?booked=1'}`,
      );
    } catch (e) {
      dropExpiredMyinfo(e);
      toastBookingFailed(e);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <FormCardPage
      tabTitle={`${t('reg.title')} | ${event.name} | Health Screening`}
      heading={t('reg.title')}
      subtitle={
        // issue 46: the public sees prices with GST in them
        <>
          {event.name} · {pkg.name} ({publicPrice(pkg.price)}
          {pkg.aiaPrice ? `, ${t('wizard.aia')} ${publicPrice(pkg.aiaPrice)}` : ''}, {t('wizard.inclGst')})
        </>
      }
      onSubmit={() => void confirm()}
    >
      <Card.Body pt="6" gap="8">
        <section aria-labelledby="pr-section-participants" className={section}>
          <div className={spreadRow}>
            <h2 id="pr-section-participants" className={sectionTitle}>
              {t('reg.participantsN', { count: participants.length })}
            </h2>
            <Button asChild size="sm" variant="outline">
              <Link href={backToParticipants}>
                <PencilIcon />
                {t('reg.editParticipants')}
              </Link>
            </Button>
          </div>
          <ul className={css({ display: 'grid', gap: '2', fontSize: 'sm' })}>
            {[primary, ...others].map((p) => (
              <li key={p.id} className={participantItem}>
                <span className={participantWho}>
                  <span className={css({ fontWeight: 'medium' })}>
                    {p.firstName} {p.lastName}
                  </span>
                  {p.isPrimary ? (
                    <span className={css({ display: 'block', color: 'fg.muted' })}>
                      {p.email} · {p.mobileNumber}
                    </span>
                  ) : null}
                </span>
                <span className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
                  <ParticipantBadges isPrimary={p.isPrimary} isAiaMember={p.isAiaMember} />
                </span>
              </li>
            ))}
          </ul>
          {problems.length > 0 ? (
            <Notice tone="warning" ariaRole="alert">
              <div className={css({ fontSize: 'sm' })}>
                <p className={css({ fontWeight: 'medium' })}>{t('reg.correctThese')}</p>
                <ul className={css({ listStyle: 'disc', pl: '5', mt: '1' })}>
                  {problems.map((line) => (
                    <li key={line}>{problemLine(line)}</li>
                  ))}
                </ul>
              </div>
            </Notice>
          ) : null}
        </section>

        <section aria-labelledby="pr-section-address" className={section}>
          <h2 id="pr-section-address" className={sectionTitle}>
            {t('reg.contactAddress')}
          </h2>
          <div className={grid({ columns: { base: 1, md: 2 }, gap: '4' })}>
            <PostalCodeField helperText={t('reg.postalHelper')} {...field('postalCode')} />
            <FormField label={t('person.unitNumber')} autoComplete="address-line2" {...field('unitNumber')} />
            <div className={css({ gridColumn: { md: '1 / -1' } })}>
              <FormField
                label={t('person.address')}
                required
                autoComplete="address-line1"
                {...field('address')}
              />
            </div>
            <div className={css({ gridColumn: { md: '1 / -1' } })}>
              <Field.Root id={`${F}medicalConditions`}>
                <Field.Label>{t('person.medicalConditions')}</Field.Label>
                <Field.Textarea
                  name="medicalConditions"
                  value={address.medicalConditions}
                  onChange={(e) => setField('medicalConditions', e.target.value)}
                  placeholder={t('person.medicalPlaceholder')}
                />
              </Field.Root>
            </div>
            <PrivacyConsent
              id={`${F}privacyConsent`}
              checked={consent}
              error={errors.privacyConsent || undefined}
              onChange={(on) => {
                setConsent(on);
                if (on) setErrors((e) => ({ ...e, privacyConsent: '' }));
              }}
            />
          </div>
        </section>

        <section aria-labelledby="pr-section-slot" className={section}>
          <h2 id="pr-section-slot" className={sectionTitle}>
            {t('reg.slot')}
          </h2>
          {isSixDigitPostalCode(postalCode) ? (
            <SlotStep {...slots.stepProps} />
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('reg.enterPostal')}</p>
          )}
        </section>

        <section aria-label={t('reg.price')} className={section}>
          {quote.data ? (
            <PriceBreakdownTable view={viewFromQuote(quote.data)} updating={quote.isValidating} />
          ) : quote.isLoading ? (
            <PriceBreakdownSkeleton />
          ) : quote.error ? (
            <p role="alert" className={css({ fontSize: 'sm', color: 'fg.error' })}>
              {tm(
                quote.error instanceof ApiError
                  ? (quote.error.serverMessage ?? quote.error.message)
                  : errorMessage(quote.error),
              )}
            </p>
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {t('reg.priceLater', { count: participants.length })}
            </p>
          )}
        </section>
      </Card.Body>
      <BackFooter back={backToParticipants} label={t('reg.back')}>
        <Button type="submit" loading={submitting} loadingText={t('wizard.booking')}>
          {t('wizard.confirm')}
        </Button>
      </BackFooter>
    </FormCardPage>
  );
}
