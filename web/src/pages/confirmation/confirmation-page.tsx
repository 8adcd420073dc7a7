import {
  formatDateDMY,
  formatSGD,
  parseRegistrationStatus,
  paymentView,
  shouldOpenPaymentPanel,
} from '@hs/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page, PageLoader } from '../../components/layout/page';
import { CheckCircleIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { LoadingPage } from '../../public/loading-page';
import { Skeleton } from '../../components/ui/skeleton';
import { toaster } from '../../components/ui/toaster';
import { type ApiEnvelope, api } from '../../lib/api';
import { lookupKey } from '../../lib/swr-keys';
import { translateMessage as tm } from '../../i18n';
import { localDate } from '../../i18n/format';
import { ClockIcon, CreditCardIcon } from '../../components/icons';
import { CheckInQr } from '../../public/check-in-qr';
import { detailList } from '../../public/detail-list';
import { toCents } from '../../public/money';
import { StateCard } from '../../public/state-card';
import type { RegistrationLookup } from '../../public/types';
import { BookingParticipants } from './booking-participants';
import { ExpiredReservation } from './expired-reservation';
import { HoldNotice } from './hold-notice';
import type { ParticipantChangeResult } from './participant-calls';
import { primeLookup } from './prime-lookup';

const PaymentPanel = lazy(() => import('./payment-panel'));

/** Spec section 9: redirect after direct confirmation 1.5 s. */
const CONFIRMED_REDIRECT_MS = 1500;

/** Balance due: the server's, else total minus what the partner paid. */
export function balanceOf(r: RegistrationLookup): number {
  if (r.balanceDue !== undefined && r.balanceDue !== null) return Math.max(0, toCents(r.balanceDue));
  const total = toCents(r.totalAmount ?? r.total ?? r.total_amount);
  return Math.max(0, total - toCents(r.whiteCoatPaidAmount ?? r.total_paid_in_app));
}

/** `/booking/confirmation/{reference}` (also `/booking/confirmed/{reference}`). */
export default function BookingConfirmationPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const showPayment = new URLSearchParams(search).get('showPayment') === 'true';
  const [panelOpen, setPanelOpen] = useState<boolean | null>(null);
  const [localStatus, setLocalStatus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const autoConfirmed = useRef(false);
  const localPaid = useRef(false);

  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<RegistrationLookup>>(
    reference ? lookupKey(reference) : null,
    {
      // poll until the payment status and the confirmation email settle
      refreshInterval: (latest) => {
        const r = latest?.data;
        if (!r) return 0;
        const status = parseRegistrationStatus(r.status);
        if (status === 'cancelled' || status === 'expired') return 0;
        // after a payment here the read model may still say pending for a moment: keep polling
        if (status === 'pending_payment' && balanceOf(r) > 0 && localPaid.current !== true) return 0;
        return r.confirmationEmailSent ? 0 : 3000;
      },
    },
  );

  const registration = data?.data;
  const { t } = useTranslation();
  const { mutate: mutateCache } = useSWRConfig();

  /** A participant change re-priced the booking: read it as of that change; the panel follows the new balance. */
  async function participantsChanged(result: ParticipantChangeResult) {
    if (result.position) await primeLookup(mutateCache, reference, result.position);
    else await mutate();
    setPanelOpen(null);
  }
  const status = parseRegistrationStatus(localStatus ?? registration?.status) ?? 'pending';
  const balance = registration ? balanceOf(registration) : 0;

  /**
   * A zero balance in pending_payment (spec section 4): a partner booking is confirmed by the partner
   * confirmation on load; Confirm Booking records the prepaid payment. Either way the page shows the
   * confirmed state and goes to /booking/confirmed/{referenceNumber} after 1.5 s.
   */
  async function confirmZeroBalance(how: 'partner' | 'prepaid') {
    if (!registration) return;
    const ref = registration.referenceNumber || reference;
    setConfirming(true);
    try {
      if (how === 'partner') await api.post(`/api/registrations/${registration.id}/confirm-wc-booking`);
      else
        await api.post(`/api/registrations/${registration.id}/payment`, {
          transactionId: `prepaid-${ref}`,
          amount: 0,
          method: 'prepaid',
        });
      setLocalStatus('paid');
      toaster.create({
        title: t('msg.bookingConfirmed'),
        description: t('confirmation.confirmedToast'),
        type: 'success',
      });
      setTimeout(() => navigate(`/booking/confirmed/${encodeURIComponent(ref)}`), CONFIRMED_REDIRECT_MS);
      void mutate();
    } catch {
      toaster.create({
        title: t('confirmation.failedTitle'),
        description: t('confirmation.failed'),
        type: 'error',
      });
      if (how === 'prepaid') {
        // Spec section 8: a failed zero-balance recording falls through to the normal payment attempt:
        // the panel opens as soon as the booking, read again, shows what is due.
        setPanelOpen(true);
        void mutate();
      }
    } finally {
      setConfirming(false);
    }
  }

  // A zero-balance partner booking still in pending_payment is confirmed automatically on load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per loaded registration
  useEffect(() => {
    if (!registration || autoConfirmed.current) return;
    if (
      parseRegistrationStatus(registration.status) === 'pending_payment' &&
      balanceOf(registration) <= 0 &&
      registration.is_from_whitecoat
    ) {
      autoConfirmed.current = true;
      void confirmZeroBalance('partner');
    }
  }, [registration]);

  if (!reference) {
    return <ErrorCard message={t('confirmation.noReference')} />;
  }
  if (error)
    return (
      <ErrorCard message={t('confirmation.retrieveFailed')} title={t('confirmation.retrieveFailedTitle')} />
    );
  if (isLoading || !registration) {
    return (
      <LoadingPage label={t('confirmation.loading')}>
        <Skeleton h="64" />
      </LoadingPage>
    );
  }

  if (status === 'expired') return <ExpiredReservation eventId={registration.eventId} />;

  const view = paymentView(status, balance);
  const open = panelOpen ?? shouldOpenPaymentPanel({ showPayment, status, balanceDueCents: balance });
  const total = toCents(registration.totalAmount ?? registration.total ?? registration.total_amount);
  const partnerPaid = toCents(registration.whiteCoatPaidAmount ?? registration.total_paid_in_app);
  const pending = view.title === 'Payment Pending';

  return (
    <Page display="flex" justifyContent="center">
      <title>{`${tm(view.title)} | Health Screening`}</title>
      <div className={css({ w: 'full', maxW: '2xl', display: 'grid', gap: '5' })}>
        <Card.Root>
          <Card.Header alignItems="center" textAlign="center" gap="2">
            {pending ? (
              <ClockIcon className={css({ w: '12', h: '12', color: 'warning.default' })} />
            ) : (
              <CheckCircleIcon className={css({ w: '12', h: '12', color: 'success.default' })} />
            )}
            <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
              {tm(view.title)}
            </h1>
            <p className={css({ color: 'fg.muted' })}>
              {pending ? t('confirmation.reserved') : t('confirmation.confirmed')}
            </p>
          </Card.Header>
          <Card.Body gap="4">
            {status === 'pending_payment' && view.canPay && registration.holdUntil ? (
              <HoldNotice holdUntil={registration.holdUntil} onEnded={() => void mutate()} />
            ) : null}
            <dl className={detailList}>
              <dt>{t('success.reference')}</dt>
              <dd data-testid="reference-number">
                {registration.referenceNumber || registration.reference_number}
              </dd>
              <dt>{t('review.name')}</dt>
              <dd>
                {registration.firstName} {registration.lastName}
              </dd>
              <dt>{t('review.email')}</dt>
              <dd>{registration.email}</dd>
              <dt>{t('review.package')}</dt>
              <dd>{registration.packageName}</dd>
              <dt>{t('confirmation.dateTime')}</dt>
              <dd>
                {localDate(registration.timeslotDate ?? '', formatDateDMY(registration.timeslotDate))}{' '}
                {registration.timeslotTime}
              </dd>
              <dt>{t('review.location')}</dt>
              <dd>{registration.location || t('common.locationNotSpecified')}</dd>
              <dt>{t('confirmation.status')}</dt>
              <dd>
                <Badge tone={pending ? 'warning' : 'success'}>{tm(view.statusLabel)}</Badge>
              </dd>
              <dt>{t('confirmation.totalAmount')}</dt>
              <dd>{formatSGD(total)}</dd>
              {partnerPaid > 0 ? (
                <>
                  <dt>{t('review.paidWhiteCoat')}</dt>
                  <dd>{formatSGD(partnerPaid)}</dd>
                </>
              ) : null}
              <dt>{t('review.balanceDue')}</dt>
              <dd>{formatSGD(balance)}</dd>
              {registration.transactionId ? (
                <>
                  <dt>{t('confirmation.transactionId')}</dt>
                  <dd className={css({ fontFamily: 'mono' })}>{registration.transactionId}</dd>
                </>
              ) : null}
            </dl>
            {registration.checkInToken ? <CheckInQr token={registration.checkInToken} /> : null}
            <p
              aria-live="polite"
              className={css({ fontSize: 'sm', p: '3', bg: 'bg.subtle', borderRadius: 'l2' })}
            >
              {registration.confirmationEmailSent
                ? t('confirmation.emailSent', { email: registration.email })
                : pending
                  ? t('confirmation.emailAfterPayment')
                  : t('confirmation.emailSending')}
            </p>
          </Card.Body>
          <Card.Footer justifyContent="center" flexWrap="wrap" gap="3">
            {view.canPay && !open ? (
              <Button onClick={() => setPanelOpen(true)}>
                <CreditCardIcon />
                {t('confirmation.payNow')}
              </Button>
            ) : null}
            {view.canConfirmZeroBalance ? (
              <Button
                onClick={() => confirmZeroBalance('prepaid')}
                loading={confirming}
                loadingText={t('confirmation.confirming')}
              >
                {t('wizard.confirm')}
              </Button>
            ) : null}
            {status === 'cancelled' ? null : (
              <Button asChild variant="outline">
                <Link
                  href={`/manage-appointment?ref=${encodeURIComponent(registration.referenceNumber || reference)}`}
                >
                  {t('confirmation.manage')}
                </Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <Link href="/">{t('common.returnHome')}</Link>
            </Button>
          </Card.Footer>
        </Card.Root>

        <BookingParticipants registration={registration} onChanged={participantsChanged} />

        {open && view.canPay ? (
          <Suspense fallback={<PageLoader label={t('confirmation.loadingPayment')} />}>
            <PaymentPanel
              registrationId={registration.id}
              balanceCents={balance}
              onClose={() => setPanelOpen(false)}
              onPaid={() => {
                localPaid.current = true;
                setPanelOpen(false);
                setLocalStatus('paid');
                void mutate();
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </Page>
  );
}

function ErrorCard({ message, title }: { message: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <StateCard
      title={title ?? t('common.error')}
      text={message}
      action={
        <Button asChild>
          <Link href="/">{t('common.returnHome')}</Link>
        </Button>
      }
    />
  );
}
