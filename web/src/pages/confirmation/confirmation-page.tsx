import { parseRegistrationStatus, paymentView, shouldOpenPaymentPanel } from '@hs/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { useSWRConfig } from 'swr';
import { Link, useParams, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page, PageLoader } from '../../components/layout/page';
import { CreditCardIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadingPage } from '../../public/loading-page';
import { StateCard } from '../../public/state-card';
import { appointmentOf, referenceOf } from './appointment';
import { balanceOf } from './balance';
import { BookingActions } from './booking-actions';
import { BookingDetails } from './booking-details';
import { BookingParticipants } from './booking-participants';
import { ExpiredReservation } from './expired-reservation';
import { HoldNotice } from './hold-notice';
import { NextSteps } from './next-steps';
import type { ParticipantChangeResult } from './participant-calls';
import { primeLookup } from './prime-lookup';
import { noPrint, printRoot } from './print-styles';
import { type HeaderTone, StatusHeader } from './status-header';
import { useBookingLookup } from './use-booking-lookup';
import { useZeroBalance } from './use-zero-balance';

const PaymentPanel = lazy(() => import('./payment-panel'));

/**
 * `/booking/confirmation/{reference}` (also `/booking/confirmed/{reference}`): the one page every
 * booking lands on, paid or not, from the wizard, a partner link, a waiting-list offer or the
 * participants flow. `?booked=1`: just booked with nothing to pay (the spec's 'Booking Successful!'
 * screen); `?showPayment=true`: just booked with a balance due (the payment panel opens). Either
 * flag also lets the lookup wait for the read model. With a balance due the amount and Pay come
 * first, so on a phone they are on the first screen.
 */
export default function BookingConfirmationPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const query = new URLSearchParams(useSearch());
  const showPayment = query.get('showPayment') === 'true';
  const justBooked = query.get('booked') === '1';
  const { t } = useTranslation();
  const { mutate: mutateCache } = useSWRConfig();
  const { data, error, isLoading, mutate, paidHere } = useBookingLookup(reference, justBooked || showPayment);
  const [panelOpen, setPanelOpen] = useState<boolean | null>(null);
  const [localStatus, setLocalStatus] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const registration = data?.data;
  const zero = useZeroBalance(registration, reference, {
    onConfirmed: () => setLocalStatus('paid'),
    onPrepaidFailed: () => setPanelOpen(true),
    refresh: () => void mutate(),
  });

  // Arriving here starts at the page's top (the wizard's Confirm sat at the bottom of a long page), so
  // on a phone the status, and with a balance due the amount and Pay, are on the first screen.
  useEffect(() => window.scrollTo({ top: 0 }), []);

  /** A participant change re-priced the booking: read it as of that change; the panel follows the new balance. */
  async function participantsChanged(result: ParticipantChangeResult) {
    if (result.position) await primeLookup(mutateCache, reference, result.position);
    else await mutate();
    setPanelOpen(null);
  }

  /** Paid here: show the booking confirmed at once, from its top (the panel was below the fold). */
  function paid() {
    paidHere.current = true;
    setPanelOpen(false);
    setLocalStatus('paid');
    void mutate();
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0 });
      heading.current?.focus({ preventScroll: true });
    });
  }

  if (!reference) return <ErrorCard message={t('confirmation.noReference')} />;
  // a failed first read has nothing to show; a failed refresh (e.g. the lookup's 429) keeps the booking shown
  if (error && !registration)
    return (
      <ErrorCard
        message={t('confirmation.retrieveFailed')}
        title={t('confirmation.retrieveFailedTitle')}
        onRetry={() => void mutate()}
      />
    );
  if (isLoading || !registration) {
    return (
      <LoadingPage label={t('confirmation.loading')}>
        <Skeleton h="64" />
      </LoadingPage>
    );
  }

  const status = parseRegistrationStatus(localStatus ?? registration.status) ?? 'pending';
  if (status === 'expired') return <ExpiredReservation eventId={registration.eventId} />;

  const ref = referenceOf(registration, reference);
  const balance = balanceOf(registration);
  const view = paymentView(status, balance);
  const pending = view.canPay;
  const cancelled = status === 'cancelled';
  const open =
    pending && (panelOpen ?? shouldOpenPaymentPanel({ showPayment, status, balanceDueCents: balance }));
  const tone: HeaderTone = cancelled ? 'cancelled' : pending ? 'pending' : 'confirmed';
  const title = cancelled
    ? t('cancelPage.doneTitle')
    : justBooked && !pending
      ? t('success.title')
      : tm(view.title);
  const text = cancelled
    ? t('confirmation.cancelled')
    : pending
      ? t('confirmation.reserved')
      : justBooked
        ? t('success.confirmed')
        : t('confirmation.confirmed');

  const details = (
    <>
      <Card.Body gap="4">
        <BookingDetails
          registration={registration}
          reference={ref}
          pending={pending}
          statusLabel={cancelled ? 'Cancelled' : view.statusLabel}
          balanceCents={balance}
          justBooked={justBooked}
        />
        {!pending && !cancelled ? <NextSteps /> : null}
      </Card.Body>
      <Card.Footer className={noPrint} justifyContent="center" flexWrap="wrap" gap="3">
        <BookingActions
          reference={ref}
          appointment={appointmentOf(registration, ref)}
          confirmed={!pending && !cancelled}
          manageable={!cancelled}
        />
      </Card.Footer>
    </>
  );

  return (
    <Page display="flex" justifyContent="center" className={printRoot}>
      <title>{`${title} | Health Screening`}</title>
      <div className={css({ w: 'full', maxW: '2xl', display: 'grid', gap: '5' })}>
        <Card.Root data-print-card="">
          <StatusHeader ref={heading} tone={tone} title={title} text={text} compact={pending} />
          {pending && !open ? (
            <Card.Body className={noPrint}>
              <Button size="lg" fullWidth onClick={() => setPanelOpen(true)}>
                <CreditCardIcon />
                {t('confirmation.payNow')}
              </Button>
            </Card.Body>
          ) : null}
          {view.canConfirmZeroBalance ? (
            <Card.Body className={noPrint}>
              <Button
                onClick={() => void zero.confirmPrepaid()}
                loading={zero.confirming}
                loadingText={t('confirmation.confirming')}
              >
                {t('wizard.confirm')}
              </Button>
            </Card.Body>
          ) : null}
          {pending ? null : details}
        </Card.Root>

        {open ? (
          <div className={noPrint}>
            <Suspense fallback={<PageLoader label={t('confirmation.loadingPayment')} />}>
              <PaymentPanel
                registrationId={registration.id}
                reference={reference}
                balanceCents={balance}
                onClose={() => setPanelOpen(false)}
                onPaid={paid}
              />
            </Suspense>
          </div>
        ) : null}

        {/* until when the seats are held: right below the payment, which stays on the first screen */}
        {pending && status === 'pending_payment' && registration.holdUntil ? (
          <HoldNotice holdUntil={registration.holdUntil} onEnded={() => void mutate()} />
        ) : null}

        {pending ? <Card.Root data-print-card="">{details}</Card.Root> : null}

        <BookingParticipants registration={registration} onChanged={participantsChanged} />
      </div>
    </Page>
  );
}

function ErrorCard({ message, title, onRetry }: { message: string; title?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <StateCard
      title={title ?? t('common.error')}
      text={message}
      action={
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}>
          {onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              {t('common.tryAgain')}
            </Button>
          ) : null}
          <Button asChild>
            <Link href="/">{t('common.returnHome')}</Link>
          </Button>
        </div>
      }
    />
  );
}
