import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { AlertCircleIcon, CheckCircleIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { DetailList } from '../../public/detail-list';
import { money } from '../../public/money';
import { holdTime } from '../../public/reservation-messages';
import { PayNowQr } from './paynow-qr';
import { usePayNow } from './use-paynow';

const alertLine = css({ display: 'flex', gap: '2', color: 'fg.error', fontSize: 'sm' });

export interface PayNowPaymentProps {
  registrationId: number;
  balanceCents: number;
  /** The reference the page looks the booking up by. */
  reference: string;
  onPaid: (paymentIntentId: string) => void;
}

/**
 * Paying by PayNow (issue 48): the QR for the balance due, what it pays, until when the seats are
 * held, and a status that turns to paid on its own once the server has the payment.
 */
export function PayNowPayment(props: PayNowPaymentProps) {
  const { t } = useTranslation();
  const { state, retry, simulate, simulating, simulateError } = usePayNow(props);

  if (state.phase === 'loading') {
    return (
      <div aria-busy="true" className={css({ display: 'grid', gap: '3', justifyItems: 'center' })}>
        <span className={css({ srOnly: true })}>{t('payment.paynow.loading')}</span>
        <Skeleton w="256px" h="256px" maxW="full" />
        <Skeleton h="12" w="full" />
      </div>
    );
  }

  if (state.phase === 'error') {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <p role="alert" className={alertLine}>
          <AlertCircleIcon className={css({ flexShrink: 0, mt: '0.5' })} />
          {state.message}
        </p>
        {state.canRetry ? (
          <Button variant="outline" onClick={retry}>
            {t('common.tryAgain')}
          </Button>
        ) : null}
      </div>
    );
  }

  const { intent, paid } = state;
  const amount = money(intent.amount);
  return (
    <div data-testid="paynow-payment" className={css({ display: 'grid', gap: '4' })}>
      <p className={css({ fontSize: 'sm', textAlign: 'center' })}>{t('payment.paynow.scan', { amount })}</p>
      <PayNowQr svg={intent.qrSvg} alt={t('payment.paynow.qrAlt', { amount })} reference={intent.reference} />
      <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
        {t('payment.paynow.phoneHint')}
      </p>
      <DetailList
        rows={[
          [t('payment.paynow.amount'), amount],
          [
            t('success.reference'),
            <span key="reference" className={css({ fontFamily: 'mono' })}>
              {intent.reference}
            </span>,
          ],
          ...(intent.expiresAt ? [[t('payment.paynow.heldUntil'), holdTime(intent.expiresAt)] as const] : []),
        ]}
      />
      <p
        role="status"
        data-testid="paynow-status"
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '2',
          p: '3',
          borderRadius: 'l2',
          fontWeight: 'medium',
          bg: paid ? 'success.subtle' : 'bg.subtle',
          color: paid ? 'success.text' : 'fg.default',
        })}
      >
        {paid ? <CheckCircleIcon /> : <Spinner size="sm" />}
        {paid ? t('msg.paid') : t('payment.paynow.waiting')}
      </p>
      {intent.testMode && !paid ? (
        <Button variant="outline" onClick={() => void simulate()} loading={simulating}>
          {t('payment.paynow.simulate')}
        </Button>
      ) : null}
      {simulateError ? (
        <p role="alert" className={alertLine}>
          <AlertCircleIcon className={css({ flexShrink: 0, mt: '0.5' })} />
          {simulateError}
        </p>
      ) : null}
    </div>
  );
}
