import { formatSGD, PAYMENT_PANEL_CLOSED_MESSAGE, toDollars } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation, i18n, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { AlertCircleIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toaster } from '../../components/ui/toaster';
import { ApiError, api } from '../../lib/api';
import { CreditCardIcon } from '../../components/icons';
import { DROPIN_SRC, type DropinInstance, loadScript } from './braintree-dropin';
import { type PaymentMethod, PaymentMethodChoice } from './payment-method-choice';
import { PayNowPayment } from './paynow-payment';
import { TEST_CARDS, TestCardPicker } from './test-card-picker';

const TEST_DROPIN_LOAD_MS = 1000;

export const PAYMENT_TEXTS = {
  failed: 'Payment processing failed',
  network: 'Network error. Please try again later.',
} as const;

/** The processor answered but did not charge (declined, or success false). */
class PaymentDeclined extends Error {
  constructor(message: string | undefined) {
    super(message || PAYMENT_TEXTS.failed);
  }
}

/**
 * The toast of a failed payment: the server refused or the processor declined -> 'Payment Failed';
 * no answer at all -> 'Connection Error'; anything else (the drop-in, no instance) -> 'Payment Error'.
 */
export function paymentFailure(e: unknown): { title: string; description: string } {
  if (e instanceof ApiError)
    return { title: 'Payment Failed', description: e.serverMessage || PAYMENT_TEXTS.failed };
  if (e instanceof PaymentDeclined) return { title: 'Payment Failed', description: e.message };
  if (e instanceof TypeError) return { title: 'Connection Error', description: PAYMENT_TEXTS.network };
  return {
    title: 'Payment Error',
    description: (e instanceof Error && e.message) || PAYMENT_TEXTS.failed,
  };
}

export interface PaymentPanelProps {
  registrationId: number;
  /** The reference the page looks the booking up by: PayNow reads it until the order is paid. */
  reference: string;
  balanceCents: number;
  onPaid: (transactionId: string) => void;
  onClose: () => void;
}

type Phase = 'token' | 'loading' | 'ready' | 'error';

/**
 * The payment panel: cards by the provider's drop-in in live mode, a simulated one in test mode; and,
 * when the server offers it, PayNow beside them (issue 48). Card stays the default choice.
 */
export default function PaymentPanel({
  registrationId,
  reference,
  balanceCents,
  onPaid,
  onClose,
}: PaymentPanelProps) {
  const { t } = useTranslation();
  const [payNowOffered, setPayNowOffered] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [phase, setPhase] = useState<Phase>('token');
  const [testMode, setTestMode] = useState(false);
  const [card, setCard] = useState<string>(TEST_CARDS[0].id);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string>();
  const container = useRef<HTMLDivElement>(null);
  const dropin = useRef<DropinInstance | null>(null);

  // Which methods the server offers; unknown (an older server, no answer) means cards only.
  useEffect(() => {
    let alive = true;
    api
      .get<{ success: boolean; data?: { paynow?: boolean } }>('/api/payments/methods')
      .then((res) => alive && setPayNowOffered(res?.data?.paynow === true))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);

  // i18n.t, not t: a language switch must not fetch a new client token
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        const res = await api.get<{ success: boolean; token?: string; message?: string }>(
          '/api/payments/client-token',
        );
        if (!alive) return;
        if (!res?.success || !res.token) {
          setPhase('error');
          setError(i18n.t('payment.initFailed'));
          toaster.create({
            title: i18n.t('payment.systemErrorTitle'),
            description: res?.message ? tm(res.message) : i18n.t('payment.initFailed'),
            type: 'error',
          });
          return;
        }
        setPhase('loading');
        if (res.token.startsWith('test-')) {
          setTestMode(true);
          timer = setTimeout(() => alive && setPhase('ready'), TEST_DROPIN_LOAD_MS);
          return;
        }
        await loadScript(DROPIN_SRC);
        if (!alive || !container.current || !window.braintree)
          throw new Error('Failed to load payment system');
        dropin.current = await window.braintree.dropin.create({
          authorization: res.token,
          container: container.current,
          dataCollector: true,
        });
        if (alive) setPhase('ready');
      } catch (e) {
        if (!alive) return;
        setPhase('error');
        if (e instanceof ApiError) {
          setError(i18n.t('payment.initFailed'));
          toaster.create({
            title: i18n.t('payment.systemErrorTitle'),
            description: e.serverMessage ? tm(e.serverMessage) : i18n.t('payment.initFailed'),
            type: 'error',
          });
        } else if (e instanceof TypeError) {
          setError(tm(PAYMENT_TEXTS.network));
          toaster.create({
            title: tm('Connection Error'),
            description: i18n.t('payment.unableToConnect'),
            type: 'error',
          });
        } else {
          setError(i18n.t('payment.formFailed'));
          toaster.create({
            title: i18n.t('payment.systemErrorTitle'),
            description: tm('Failed to load payment system'),
            type: 'error',
          });
        }
      }
    })();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      void dropin.current?.teardown?.().catch(() => {});
    };
  }, []);

  async function pay() {
    setPaying(true);
    setError(undefined);
    try {
      let nonce: string;
      let deviceData = '';
      let paymentDetails: unknown = {};
      if (testMode) {
        const chosen = TEST_CARDS.find((c) => c.id === card) ?? TEST_CARDS[0];
        nonce = chosen.nonce;
        paymentDetails = { cardType: chosen.cardType, lastFour: chosen.lastFour };
      } else {
        if (!dropin.current) throw new Error('Payment system not initialized');
        const method = await dropin.current.requestPaymentMethod();
        nonce = method.nonce;
        deviceData = method.deviceData ?? '';
        paymentDetails = method.details ?? {};
      }
      const amount = toDollars(balanceCents);
      const res = await api.post<{ success: boolean; transactionId?: string; message?: string }>(
        '/api/payments/process',
        { registrationId, nonce, deviceData, paymentType: 'card', paymentDetails, amount },
      );
      if (!res?.success || !res.transactionId) throw new PaymentDeclined(res?.message);
      const transactionId = res.transactionId;
      try {
        // the charge is made: record it on the booking (the server also did; this call is idempotent)
        await api.post(`/api/registrations/${registrationId}/payment`, { transactionId, amount });
        toaster.create({
          title: t('payment.successTitle'),
          description: t('payment.successText'),
          type: 'success',
        });
      } catch {
        toaster.create({
          title: t('payment.recordedTitle'),
          description: t('payment.recordedText', { transactionId }),
          type: 'info',
        });
      }
      onPaid(transactionId);
    } catch (e) {
      const failure = paymentFailure(e);
      const shown = { title: tm(failure.title), description: tm(failure.description) };
      setError(shown.description);
      toaster.create({ ...shown, type: 'error' });
    } finally {
      setPaying(false);
    }
  }

  return (
    <Card.Root data-testid="payment-panel">
      <Card.Header>
        <Card.Title asChild>
          <h2 className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <CreditCardIcon />
            {t('payment.title')}
          </h2>
        </Card.Title>
        <Card.Description>
          <Trans
            i18nKey="payment.amountDue"
            values={{ amount: formatSGD(balanceCents) }}
            components={{ strong: <strong /> }}
          />
          {testMode ? t('payment.testMode') : ''}
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {payNowOffered ? <PaymentMethodChoice value={method} onChange={setMethod} /> : null}
        {method === 'paynow' ? (
          <PayNowPayment
            registrationId={registrationId}
            balanceCents={balanceCents}
            reference={reference}
            onPaid={onPaid}
          />
        ) : null}
        {/* The drop-in stays mounted while PayNow is chosen: choosing card again shows it as it was. */}
        {method === 'card' && (phase === 'token' || phase === 'loading') ? (
          <div aria-busy="true" className={css({ display: 'grid', gap: '2' })}>
            <span className={css({ srOnly: true })}>{t('confirmation.loadingPayment')}</span>
            <Skeleton h="12" />
            <Skeleton h="12" />
          </div>
        ) : null}
        <div ref={container} hidden={testMode || phase !== 'ready' || method !== 'card'} />
        {method === 'card' && testMode && phase === 'ready' ? (
          <TestCardPicker value={card} onChange={setCard} />
        ) : null}
        {method === 'card' && error ? (
          <p role="alert" className={css({ display: 'flex', gap: '2', color: 'fg.error', fontSize: 'sm' })}>
            <AlertCircleIcon className={css({ flexShrink: 0, mt: '0.5' })} />
            {error}
          </p>
        ) : null}
      </Card.Body>
      {/* Pay first and full width; closing the panel is a quiet link set apart below it, never a
          button beside Pay that a thumb can hit by mistake. */}
      <Card.Footer flexDirection="column" alignItems="stretch" gap="5">
        {method === 'card' ? (
          <Button
            size="lg"
            fullWidth
            onClick={pay}
            disabled={phase !== 'ready'}
            loading={paying}
            loadingText={t('payment.processing')}
          >
            {t('payment.pay', { amount: formatSGD(balanceCents) })}
          </Button>
        ) : null}
        <Button
          variant="link"
          alignSelf="center"
          onClick={() => {
            toaster.create({
              title: t('payment.cancelledTitle'),
              description: tm(PAYMENT_PANEL_CLOSED_MESSAGE),
              type: 'info',
            });
            onClose();
          }}
        >
          {t('common.cancel')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
