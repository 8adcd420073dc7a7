import { formatDateDMY, maskIdentificationNumber } from '@hs/domain';
import { useMemo } from 'react';
import { useTranslation, i18n } from '../../../i18n';
import { Link, Redirect } from 'wouter';
import { css } from 'styled-system/css';
import { CheckCircleIcon, CopyIcon, PrinterIcon } from '../../../components/icons';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import * as Card from '../../../components/ui/card';
import { toaster } from '../../../components/ui/toaster';
import { DetailList, type DetailRow } from '../../../public/detail-list';
import { readBookingDetails, readRegistrationData } from '../../../public/legacy-storage';
import { money, toCents } from '../../../public/money';
import { bookingRows } from './booking-summary';

/** Catalogue keys of the reminders under the booking (legacy.reminder1 to 5). */
const REMINDER_KEYS = ['reminder1', 'reminder2', 'reminder3', 'reminder4', 'reminder5'] as const;

const GENDER_KEYS: Record<string, string> = { male: 'male', female: 'female', other: 'other' };

/** `/confirmation`: booking confirmed (older flow), from session storage. */
export function LegacyConfirmationPage() {
  const { t } = useTranslation();
  const registration = useMemo(() => readRegistrationData(), []);
  const details = useMemo(() => readBookingDetails(), []);
  if (!registration || !details) return <Redirect to="/" replace />;

  async function copyReference() {
    try {
      await navigator.clipboard.writeText(registration?.referenceNumber ?? '');
      toaster.create({ title: i18n.t('legacy.copied'), type: 'success' });
    } catch {
      toaster.create({ title: i18n.t('legacy.copyFailed'), type: 'error' });
    }
  }

  const due = toCents(registration.balanceDue);
  const rows: DetailRow[] = [
    ...bookingRows(details),
    [t('legacy.name'), `${registration.firstName} ${registration.lastName}`],
    [t('legacy.email'), registration.email],
    [t('legacy.mobile'), registration.mobileNumber],
    [
      t('legacy.gender'),
      GENDER_KEYS[registration.gender]
        ? t(`legacy.${GENDER_KEYS[registration.gender]}`)
        : registration.gender,
    ],
    // masked as in the emails: a printed or shared confirmation never carries the whole NRIC (issue 24)
    [t('legacy.idNumber'), maskIdentificationNumber(registration.identificationNumber)],
    [t('legacy.dateOfBirth'), formatDateDMY(registration.dateOfBirth)],
    ...(registration.unitNumber ? ([[t('legacy.unitNumber'), registration.unitNumber]] as DetailRow[]) : []),
    [t('legacy.address'), registration.address || '-'],
    [t('legacy.postalCode'), registration.postalCode || '-'],
  ];

  return (
    <Page display="flex" justifyContent="center">
      <title>{`${t('legacy.confirmed')} | Health Screening`}</title>
      <Card.Root maxW="2xl" w="full">
        <Card.Header alignItems="center" textAlign="center" gap="2">
          <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default' })} />
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
            {t('legacy.confirmed')}
          </h1>
          <p className={css({ color: 'fg.muted' })}>{t('legacy.confirmedText')}</p>
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
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('legacy.reference')}</p>
              <p
                data-testid="reference-number"
                className={css({ fontSize: '2xl', fontWeight: 'bold', fontFamily: 'mono' })}
              >
                {registration.referenceNumber}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={copyReference}>
              <CopyIcon />
              {t('legacy.copy')}
              <span className={css({ srOnly: true })}>{t('legacy.copyWhat')}</span>
            </Button>
          </div>
          <DetailList rows={rows} />
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
              {t('legacy.paymentDue', { amount: money(registration.balanceDue) })}{' '}
              <Link
                className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}
                href={`/booking/confirmation/${encodeURIComponent(registration.referenceNumber)}?showPayment=true`}
              >
                {t('legacy.payNow')}
              </Link>
            </p>
          ) : null}
          <section>
            <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>{t('legacy.remindersTitle')}</h2>
            <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1', fontSize: 'sm' })}>
              {REMINDER_KEYS.map((key) => (
                <li key={key}>{t(`legacy.${key}`)}</li>
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
          <Button variant="outline" onClick={() => window.alert(i18n.t('legacy.emailNotImplemented'))}>
            {t('legacy.emailConfirmation')}
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            <PrinterIcon />
            {t('legacy.print')}
          </Button>
          <Button asChild>
            <Link href="/">{t('legacy.returnHome')}</Link>
          </Button>
        </Card.Footer>
      </Card.Root>
    </Page>
  );
}
