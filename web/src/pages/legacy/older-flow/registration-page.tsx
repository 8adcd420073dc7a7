import { useMemo, useState } from 'react';
import { useTranslation, i18n, translateMessage } from '../../../i18n';
import { Redirect, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import * as Card from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { toaster } from '../../../components/ui/toaster';
import { BackFooter } from '../../../public/back-footer';
import { DetailList } from '../../../public/detail-list';
import { focusFirstInvalid } from '../../../public/form-field';
import { readBookingDetails, storeRegistrationData } from '../../../public/legacy-storage';
import {
  clearedValues,
  handleMyinfoAnswer,
  MyinfoPanel,
  myinfoMarks,
  prefillValues,
  useMyinfo,
  withMyinfoHandle,
} from '../../../public/myinfo';
import { PersonFields } from '../../../public/person-fields';
import { bookingRows } from './booking-summary';
import {
  EMPTY_SIMPLE,
  R,
  SIMPLE_ORDER,
  SIMPLE_PERSON_FIELDS,
  type SimpleValues,
  simpleErrors,
  simplePayload,
} from './registration-form';
import { StepHeader } from './step-header';

/** `/registration`: Personal Details (older flow). */
export function LegacyRegistrationPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const details = useMemo(() => readBookingDetails(), []);
  const [values, setValues] = useState<SimpleValues>(EMPTY_SIMPLE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [processing, setProcessing] = useState(false);
  // Issue 49: back from Singpass on this page, the form as left with Myinfo's values over it
  const myinfo = useMyinfo<SimpleValues>({
    form: 'legacy-registration',
    snapshot: () => values,
    restore: (saved) => setValues((v) => ({ ...v, ...saved })),
    apply: (person) =>
      setValues((v) => ({
        ...v,
        ...(prefillValues(person, { date: 'dmy', gender: (g) => g }) as Partial<SimpleValues>),
      })),
    unapply: (person) => setValues((v) => ({ ...v, ...(clearedValues(person) as Partial<SimpleValues>) })),
  });

  if (!details) return <Redirect to="/" replace />;

  const set = <K extends keyof SimpleValues>(name: K, value: SimpleValues[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: simpleErrors(next, details)[name] ?? '' }));
  };
  const blur = (name: keyof SimpleValues) =>
    setErrors((e) => ({ ...e, [name]: simpleErrors(values, details)[name] ?? '' }));
  async function submit() {
    if (!details || processing) return;
    const errs = simpleErrors(values, details);
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      focusFirstInvalid(errs, SIMPLE_ORDER, R);
      return;
    }
    setProcessing(true);
    const myinfoHandle = myinfo.handle;
    try {
      const payload = simplePayload(values, details);
      const res = await fetch('/api/registrations', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...payload, ...withMyinfoHandle(myinfoHandle) }),
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
        // refused over Myinfo (too old, or not Myinfo's identity): the reason above the form too
        handleMyinfoAnswer(res.status, body?.message, myinfo, myinfoHandle);
        toaster.create({
          title: i18n.t('legacy.failed'),
          description:
            translateMessage(body?.message) ||
            i18n.t('legacy.failedStatus', { status: res.status, statusText: res.statusText }),
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
        title: i18n.t('legacy.failed'),
        description: i18n.t('legacy.network'),
        type: 'error',
      });
    } finally {
      setProcessing(false);
    }
  }

  const back = details.eventSlug ? `/legacy/events/${details.eventSlug}` : `/events/${details.eventId}`;
  return (
    <Page>
      <title>{`${t('legacy.personalDetails')} | Health Screening`}</title>
      <div className={css({ maxW: '3xl', mx: 'auto' })}>
        <StepHeader step={3} title={t('legacy.personalDetails')} subtitle={t('legacy.personalText')} />
        <Card.Root>
          <Card.Body gap="6" pt="6">
            <section
              aria-label={t('legacy.yourBooking')}
              className={css({ p: '4', bg: 'bg.subtle', borderRadius: 'l2' })}
            >
              <DetailList rows={bookingRows(details)} />
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
              <MyinfoPanel
                flow={myinfo}
                idPrefix={R}
                name={{ firstName: values.firstName, lastName: values.lastName }}
                onNameSplit={(split) => setValues((v) => ({ ...v, ...split }))}
              />
              <PersonFields
                idPrefix={R}
                myinfo={myinfoMarks(myinfo.person, SIMPLE_PERSON_FIELDS)}
                fields={SIMPLE_PERSON_FIELDS}
                values={values}
                errors={errors}
                onChange={(name, value) => set(name as keyof SimpleValues, value as never)}
                onBlur={(name) => blur(name as keyof SimpleValues)}
                who="booker"
                genders={['male', 'female', 'other']}
              />
              <div className={css({ gridColumn: { md: '1 / -1' } })}>
                <Checkbox
                  id={`${R}acceptTerms`}
                  checked={values.acceptTerms}
                  invalid={Boolean(errors.acceptTerms)}
                  onCheckedChange={(e) => set('acceptTerms', e.checked === true)}
                >
                  {t('legacy.acceptTerms')}
                </Checkbox>
                {errors.acceptTerms ? (
                  <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm', mt: '1' })}>
                    {translateMessage(errors.acceptTerms)}
                  </p>
                ) : null}
              </div>
            </form>
          </Card.Body>
          <BackFooter back={back} label={t('legacy.back')}>
            <Button
              type="submit"
              form="registration-form"
              loading={processing}
              loadingText={t('legacy.processing')}
            >
              {t('legacy.confirm')}
            </Button>
          </BackFooter>
        </Card.Root>
      </div>
    </Page>
  );
}
