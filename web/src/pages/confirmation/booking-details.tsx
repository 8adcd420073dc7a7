import { formatAppointmentDate, formatAppointmentTime, formatSGD, paymentMethodLabel } from '@hs/domain';
import { Trans, useTranslation, currentLanguage, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { MapPinIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { CheckInQr } from '../../public/check-in-qr';
import { detailList } from '../../public/detail-list';
import { toCents } from '../../public/money';
import type { RegistrationLookup } from '../../public/types';
import { whereText } from './appointment';
import { noPrint } from './print-styles';

const referenceBox = css({
  textAlign: 'center',
  p: '4',
  borderRadius: 'l2',
  bg: 'accent.subtle',
  borderWidth: '1px',
  borderColor: 'accent.muted',
});

export interface BookingDetailsProps {
  registration: RegistrationLookup;
  reference: string;
  pending: boolean;
  /** 'Paid' or 'Payment Pending' (the spec's status label, translated here). */
  statusLabel: string;
  balanceCents: number;
  /** Right after booking: the success screen's wording of the email note. */
  justBooked: boolean;
}

/**
 * What was booked: reference, who, what, when, where, money (and how it was paid: the last payment's
 * method, as receipts name it), the check-in QR and the email note.
 */
export function BookingDetails(props: BookingDetailsProps) {
  const { registration: r, reference, pending, statusLabel, balanceCents, justBooked } = props;
  const { t } = useTranslation();
  const total = toCents(r.totalAmount ?? r.total ?? r.total_amount);
  const partnerPaid = toCents(r.whiteCoatPaidAmount ?? r.total_paid_in_app);
  const date = r.timeslotDate ?? '';
  const time = (r.timeslotTime ?? '').slice(0, 5);
  const mapUrl = r.venue?.mapUrl;
  const language = currentLanguage();
  return (
    <>
      <div className={referenceBox}>
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
          {reference}
        </p>
      </div>
      <dl className={detailList}>
        <dt>{t('confirmation.status')}</dt>
        <dd>
          <Badge tone={pending ? 'warning' : 'success'}>{tm(statusLabel)}</Badge>
        </dd>
        <dt>{t('confirmation.dateTime')}</dt>
        <dd data-testid="appointment-when">
          {formatAppointmentDate(language, date)} {formatAppointmentTime(language, time)}
        </dd>
        <dt>{t('review.location')}</dt>
        <dd data-testid="appointment-where">
          {whereText(r) ?? t('common.locationNotSpecified')}
          {mapUrl ? (
            <a
              href={mapUrl}
              target="_blank"
              rel="noreferrer"
              className={`${noPrint} ${css({ display: 'inline-flex', gap: '1', alignItems: 'center', ml: '2', color: 'accent.text', textDecoration: 'underline' })}`}
            >
              <MapPinIcon />
              {t('confirmation.openMap')}
            </a>
          ) : null}
        </dd>
        <dt>{t('review.name')}</dt>
        <dd>
          {r.firstName} {r.lastName}
        </dd>
        <dt>{t('review.email')}</dt>
        <dd>{r.email}</dd>
        <dt>{t('review.event')}</dt>
        <dd>{r.eventName}</dd>
        <dt>{t('review.package')}</dt>
        <dd>{r.packageName}</dd>
        <dt>{t('confirmation.totalAmount')}</dt>
        <dd>{formatSGD(total)}</dd>
        {partnerPaid > 0 ? (
          <>
            <dt>{t('review.paidWhiteCoat')}</dt>
            <dd>{formatSGD(partnerPaid)}</dd>
          </>
        ) : null}
        <dt>{t('review.balanceDue')}</dt>
        <dd>{formatSGD(balanceCents)}</dd>
        {r.paymentMethod ? (
          <>
            <dt>{t('confirmation.paymentMethod')}</dt>
            <dd data-testid="payment-method">{tm(paymentMethodLabel(r.paymentMethod))}</dd>
          </>
        ) : null}
        {r.transactionId ? (
          <>
            <dt>{t('confirmation.transactionId')}</dt>
            <dd className={css({ fontFamily: 'mono' })}>{r.transactionId}</dd>
          </>
        ) : null}
      </dl>
      {r.checkInToken ? <CheckInQr token={r.checkInToken} /> : null}
      <p aria-live="polite" className={css({ fontSize: 'sm', p: '3', bg: 'bg.subtle', borderRadius: 'l2' })}>
        <EmailNote registration={r} pending={pending} justBooked={justBooked} />
      </p>
    </>
  );
}

function EmailNote({
  registration: r,
  pending,
  justBooked,
}: {
  registration: RegistrationLookup;
  pending: boolean;
  justBooked: boolean;
}) {
  const { t } = useTranslation();
  if (pending) return <>{t('confirmation.emailAfterPayment')}</>;
  if (!r.confirmationEmailSent) return <>{t('confirmation.emailSending')}</>;
  if (!justBooked) return <>{t('confirmation.emailSent', { email: r.email })}</>;
  return (
    <Trans i18nKey="success.emailSent" values={{ email: r.email }} components={{ strong: <strong /> }} />
  );
}
