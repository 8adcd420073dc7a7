import { BOOKING_MESSAGES, formatDateLabel, singaporeToday } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { formActionsRow } from '../../public/spread-row';
import { ArrowLeftIcon, CheckCircleIcon, PlusIcon, XIcon } from '../../components/icons';
import { Notice } from '../../components/notice';
import { Button, IconButton } from '../../components/ui/button';
import { localDate } from '../../i18n/format';
import { ApiError, errorMessage } from '../../lib/api';
import { focusFirstInvalid } from '../../public/form-field';
import { FormField, PostalCodeField } from '../../public/form-field';
import { PackageSelect } from '../../public/package-select';
import { PersonFields, type PersonValues } from '../../public/person-fields';
import type { EventDetail } from '../../public/types';
import {
  type JoinWaitlistResult,
  type JoinWaitlistValues,
  joinWaitlist,
  joinWaitlistErrors,
  serverFieldErrors,
  WAITLIST_FIELDS,
} from '../../public/waitlist';

/** The join form's ids are `wl-<name>` (focusFirstInvalid finds the first invalid one by it). */
const F = 'wl-';

export interface JoinWaitlistFormProps {
  event: EventDetail;
  /** What the wizard already knows. */
  initial: Partial<JoinWaitlistValues> & { packageId?: number | null; preferredDates?: string[] };
  onCancel: () => void;
}

const twoColumns = grid({ columns: { base: 1, md: 2 }, gap: '4' });

/** "Join the waiting list": the wizard's details prefilled, preferred dates optional; POST /api/waitlist. */
export function JoinWaitlistForm({ event, initial, onCancel }: JoinWaitlistFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<JoinWaitlistValues>({
    firstName: initial.firstName ?? '',
    lastName: initial.lastName ?? '',
    email: initial.email ?? '',
    mobileNumber: initial.mobileNumber ?? '',
    postalCode: initial.postalCode ?? '',
    seats: initial.seats ?? '1',
  });
  const [packageId, setPackageId] = useState(initial.packageId ? String(initial.packageId) : '');
  const [dates, setDates] = useState<string[]>(initial.preferredDates ?? []);
  const [dateDraft, setDateDraft] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [joined, setJoined] = useState<JoinWaitlistResult | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // the heading takes focus when the form (and later the success text) replaces the wizard
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    headingRef.current?.focus();
  }, [joined]);

  const packageError = !packageId && errors.packageId ? errors.packageId : undefined;
  const allErrors = (v: JoinWaitlistValues): Record<string, string> => ({
    ...joinWaitlistErrors(v),
    ...(packageId ? {} : { packageId: BOOKING_MESSAGES.package }),
  });
  const set = (name: keyof JoinWaitlistValues, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: allErrors(next)[name] ?? '' }));
  };
  const blur = (name: keyof JoinWaitlistValues) =>
    setErrors((e) => ({ ...e, [name]: allErrors(values)[name] ?? '' }));

  const addDate = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dateDraft) || dates.includes(dateDraft)) return;
    setDates([...dates, dateDraft].sort());
    setDateDraft('');
  };

  async function submit() {
    const errs = allErrors(values);
    setErrors(errs);
    setFailure(null);
    if (Object.keys(errs).length > 0) {
      focusFirstInvalid(errs, ['packageId', ...WAITLIST_FIELDS], F);
      return;
    }
    setSubmitting(true);
    try {
      const result = await joinWaitlist({
        eventId: event.id,
        packageId: Number(packageId),
        postalCode: values.postalCode.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        mobileNumber: values.mobileNumber.trim(),
        seats: Number(values.seats),
        ...(dates.length > 0 ? { preferredDates: dates } : {}),
      });
      setJoined(result);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstInvalid(fields, ['packageId', ...WAITLIST_FIELDS], F);
      }
      // 409: already on the list; 400 without field messages, 404, network: the server's words
      setFailure(
        error instanceof ApiError && error.status === 409
          ? tm(errorMessage(error))
          : tm(errorMessage(error, t('waitlist.joinFailed'))),
      );
    } finally {
      setSubmitting(false);
    }
  }

  const heading = css({ fontSize: 'xl', fontWeight: 'bold', outline: 'none' });

  if (joined) {
    return (
      <div role="status" className={css({ display: 'grid', gap: '3', textAlign: 'center', py: '4' })}>
        <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default', mx: 'auto' })} />
        <h2 ref={headingRef} tabIndex={-1} className={heading}>
          {t('waitlist.onTheList')}
        </h2>
        <p className={css({ fontSize: '3xl', fontWeight: 'bold' })} data-testid="waitlist-position">
          {t('waitlist.position', { position: joined.position })}
        </p>
        <p className={css({ color: 'fg.muted' })}>
          {t('waitlist.joinedText', { email: values.email.trim() })}
        </p>
        <div>
          <Button asChild variant="outline">
            <Link href="/">{t('common.browseEvents')}</Link>
          </Button>
        </div>
      </div>
    );
  }

  const person = {
    idPrefix: F,
    values: values as Partial<PersonValues>,
    errors,
    onChange: (name: keyof PersonValues, value: string | boolean) =>
      set(name as keyof JoinWaitlistValues, String(value)),
    onBlur: (name: keyof PersonValues) => blur(name as keyof JoinWaitlistValues),
    who: 'booker',
    genders: [],
  } as const;
  const text = (name: 'postalCode' | 'seats') => ({
    id: `${F}${name}`,
    name,
    value: values[name],
    error: errors[name] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    onBlur: () => blur(name),
  });

  return (
    <form
      noValidate
      aria-labelledby="wl-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className={css({ display: 'grid', gap: '5' })}
    >
      <div>
        <h2 id="wl-heading" ref={headingRef} tabIndex={-1} className={heading}>
          {t('waitlist.join')}
        </h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{t('waitlist.formIntro')}</p>
      </div>
      <div className={twoColumns}>
        <div className={css({ gridColumn: { md: '1 / -1' } })}>
          <PackageSelect
            id={`${F}packageId`}
            packages={event.packages}
            value={packageId}
            error={packageError}
            onChange={setPackageId}
          />
        </div>
        <PersonFields {...person} fields={['firstName', 'lastName', 'email', 'mobileNumber']} />
        <PostalCodeField {...text('postalCode')} />
        <FormField
          label={t('waitlist.numberOfPeople')}
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          {...text('seats')}
        />
      </div>
      <fieldset className={css({ display: 'grid', gap: '2' })}>
        <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '1' })}>
          {t('waitlist.preferredOptional')}
        </legend>
        <p id={`${F}dates-help`} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('waitlist.datesHelp')}
        </p>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}>
          <FormField
            id={`${F}date`}
            label={t('waitlist.date')}
            type="date"
            min={singaporeToday()}
            value={dateDraft}
            aria-describedby={`${F}dates-help`}
            onChange={(e) => setDateDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addDate();
              }
            }}
          />
          <Button type="button" variant="outline" onClick={addDate} disabled={!dateDraft}>
            <PlusIcon />
            {t('waitlist.addDate')}
          </Button>
        </div>
        {dates.length > 0 ? (
          <ul
            aria-label={t('waitlist.preferredDates')}
            className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}
          >
            {dates.map((d) => (
              <li
                key={d}
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  gap: '1',
                  pl: '3',
                  borderRadius: 'full',
                  bg: 'bg.muted',
                  fontSize: 'sm',
                })}
              >
                {localDate(d, formatDateLabel(d))}
                <IconButton
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={t('waitlist.removeDate', { date: localDate(d, formatDateLabel(d)) })}
                  onClick={() => setDates(dates.filter((x) => x !== d))}
                >
                  <XIcon />
                </IconButton>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      {failure ? (
        <Notice tone="danger" size="sm">
          {failure}
        </Notice>
      ) : null}
      <div className={formActionsRow}>
        <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
          <ArrowLeftIcon />
          {t('manage.back')}
        </Button>
        <Button type="submit" loading={submitting} loadingText={t('waitlist.joining')}>
          {t('waitlist.join')}
        </Button>
      </div>
    </form>
  );
}
