import { formatDateDMY } from '@hs/domain';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { CalendarIcon, CheckCircleIcon, DownloadIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { downloadIcs, googleCalendarUrl, type CalendarAppointment } from '../../public/calendar';
import { PrinterIcon } from '../../components/icons';
import type { ApiEnvelope } from '../../lib/api';
import { lookupKey } from '../../lib/swr-keys';
import { CheckInQr } from '../../public/check-in-qr';
import type { RegistrationLookup } from '../../public/types';
import useSWR from 'swr';
import { localDate } from '../../i18n/format';

export interface SuccessInfo {
  /** The booking's id: its calendar entry's UID, the same as in its emails. */
  registrationId: number;
  referenceNumber: string;
  eventName: string;
  packageName: string;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
  timeLabel: string;
  location: string | null;
  email: string;
  name: string;
}

export const noPrint = css({ '@media print': { display: 'none !important' } });

const printRoot = css({
  '@media print': {
    maxW: 'none',
    p: '0',
    '& [data-print-card]': { boxShadow: 'none', borderColor: '#999' },
    '& *': { color: '#000 !important', background: 'transparent !important' },
  },
});

export function appointmentFor(info: SuccessInfo): CalendarAppointment {
  return {
    registrationId: info.registrationId,
    // The booking itself: a reschedule's email raises it (the same UID updates this entry).
    sequence: 0,
    summary: `Health Screening: ${info.eventName}`,
    date: info.date,
    time: info.time,
    location: info.location ?? '',
    description: `Reference number: ${info.referenceNumber}\nPackage: ${info.packageName}\nPlease arrive 15 minutes early and bring your ID and reference number. Fast for 8-10 hours before your screening.`,
  };
}

/** 'Booking Successful!' after a booking with nothing to pay. */
export function BookingSuccess({ info }: { info: SuccessInfo }) {
  const appointment = appointmentFor(info);
  // A calendar entry needs the slot's day and time (an auto-assigned slot may come without them).
  const hasTime = /^\d{4}-\d{2}-\d{2}$/.test(info.date) && /^\d{2}:\d{2}$/.test(info.time);
  // The check-in code comes with the booking's lookup (the booking answer does not carry it).
  const { data } = useSWR<ApiEnvelope<RegistrationLookup>>(lookupKey(info.referenceNumber));
  const token = data?.data?.checkInToken ?? null;
  const { t } = useTranslation();
  return (
    <Page display="flex" justifyContent="center" className={printRoot}>
      <title>{`${t('success.title')} | Health Screening`}</title>
      <Card.Root maxW="2xl" w="full" data-print-card="">
        <Card.Header alignItems="center" textAlign="center" gap="2">
          <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default' })} />
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
            {t('success.title')}
          </h1>
          <p className={css({ color: 'fg.muted' })}>{t('success.confirmed')}</p>
        </Card.Header>
        <Card.Body gap="5">
          <div
            className={css({
              textAlign: 'center',
              p: '4',
              borderRadius: 'l2',
              bg: 'accent.subtle',
              borderWidth: '1px',
              borderColor: 'accent.muted',
            })}
          >
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('success.reference')}</p>
            <p
              data-testid="reference-number"
              className={css({
                fontSize: '2xl',
                fontWeight: 'bold',
                letterSpacing: '0.04em',
                fontFamily: 'mono',
              })}
            >
              {info.referenceNumber}
            </p>
          </div>
          <dl
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
              gap: { base: '1', sm: '2 6' },
              fontSize: 'sm',
            })}
          >
            <dt className={css({ color: 'fg.muted' })}>{t('review.name')}</dt>
            <dd>{info.name}</dd>
            <dt className={css({ color: 'fg.muted' })}>{t('review.event')}</dt>
            <dd>{info.eventName}</dd>
            <dt className={css({ color: 'fg.muted' })}>{t('review.package')}</dt>
            <dd>{info.packageName}</dd>
            <dt className={css({ color: 'fg.muted' })}>{t('review.date')}</dt>
            <dd>{localDate(info.date, formatDateDMY(info.date))}</dd>
            <dt className={css({ color: 'fg.muted' })}>{t('review.time')}</dt>
            <dd>{info.timeLabel}</dd>
            <dt className={css({ color: 'fg.muted' })}>{t('review.location')}</dt>
            <dd>{info.location || t('common.locationNotSpecified')}</dd>
          </dl>
          {token ? <CheckInQr token={token} /> : null}
          <p className={css({ fontSize: 'sm', p: '3', bg: 'bg.subtle', borderRadius: 'l2' })}>
            <Trans
              i18nKey="success.emailSent"
              values={{ email: info.email }}
              components={{ strong: <strong /> }}
            />
          </p>
          <section>
            <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>{t('success.nextSteps')}</h2>
            <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1', fontSize: 'sm' })}>
              <li>{t('success.step1')}</li>
              <li>{t('success.step2')}</li>
              <li>{t('success.step3')}</li>
            </ul>
          </section>
        </Card.Body>
        <Card.Footer className={noPrint} flexWrap="wrap" justifyContent="center" gap="3">
          <Button variant="outline" onClick={() => window.print()}>
            <PrinterIcon />
            {t('success.print')}
          </Button>
          {hasTime && (
            <>
              <Button
                variant="outline"
                onClick={() => downloadIcs(appointment, `appointment-${info.referenceNumber}.ics`)}
              >
                <DownloadIcon />
                {t('success.addToCalendar')}
              </Button>
              <Button asChild variant="ghost">
                <a href={googleCalendarUrl(appointment)} target="_blank" rel="noreferrer">
                  <CalendarIcon />
                  Google Calendar
                </a>
              </Button>
            </>
          )}
          <Button asChild>
            <Link href="/">{t('common.returnHome')}</Link>
          </Button>
        </Card.Footer>
      </Card.Root>
    </Page>
  );
}
