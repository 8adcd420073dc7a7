import { parseRegistrationStatus, paymentView } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { toaster } from '../../components/ui/toaster';
import { i18n, translateMessage as tm } from '../../i18n';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import { lookupKey } from '../../lib/swr-keys';
import type { RegistrationLookup } from '../../public/types';
import { balanceOf } from './balance';

/** POST /api/payments/paynow's answer (issue 48). */
export interface PayNowIntent {
  paymentIntentId: string;
  qrData: string;
  qrSvg: string;
  /** The balance due the QR asks for, dollars: "123.45". */
  amount: string;
  /** When the seats stop being held (ISO); null for an order without a hold. */
  expiresAt: string | null;
  reference: string;
  testMode: boolean;
}

/*
 * How often the booking is read again while the QR shows. The lookup counts against its
 * per-reference limit (60 reads in 10 minutes, then 429), so it is read every 3 s for the first
 * minute, when most customers pay, then every 20 s: about 50 reads in the first 10 minutes. A page
 * hidden behind the banking app reads nothing and reads at once when it is shown again.
 */
export const PAYNOW_POLL_MS = 3000;
export const PAYNOW_FAST_POLLS = 20;
export const PAYNOW_SLOW_POLL_MS = 20_000;

export type PayNowState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string; canRetry: boolean }
  | { phase: 'ready'; intent: PayNowIntent; paid: boolean };

/** What a refused or failed QR request tells the customer, and whether asking again may help. */
function failure(e: unknown): { message: string; canRetry: boolean } {
  if (e instanceof ApiError && (e.status === 409 || e.status === 404)) {
    return {
      message: e.serverMessage ? tm(e.serverMessage) : i18n.t('payment.paynow.failed'),
      canRetry: false,
    };
  }
  // 502 (Stripe unreachable), no answer at all, or anything else: asking again may work
  if (e instanceof ApiError && e.status !== 502 && e.serverMessage) {
    return { message: tm(e.serverMessage), canRetry: true };
  }
  return { message: i18n.t('payment.unableToConnect'), canRetry: true };
}

/** The booking as the lookup says it now: paid (nothing left to pay), still due, or closed. */
function outcome(r: RegistrationLookup): 'paid' | 'due' | 'closed' {
  const status = parseRegistrationStatus(r.status) ?? 'pending';
  if (status === 'cancelled' || status === 'expired') return 'closed';
  return paymentView(status, balanceOf(r)).canPay ? 'due' : 'paid';
}

/**
 * A PayNow QR for the balance due, and whether it has been paid. Nothing here decides "paid": the
 * order turns paid on the server when Stripe's webhook arrives, and this reads the booking's lookup
 * (the confirmation page's own query; the fresh answer goes into its cache, so the page follows)
 * until it says so. A new balance asks for a new QR (the server replaces the open one).
 */
export function usePayNow(opts: {
  registrationId: number;
  balanceCents: number;
  /** The reference the page looks the booking up by (its lookup's cache key). */
  reference: string;
  onPaid: (paymentIntentId: string) => void;
}) {
  const { registrationId, balanceCents, reference } = opts;
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<PayNowState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [simulating, setSimulating] = useState(false);
  const [simulateError, setSimulateError] = useState<string>();
  /** Reads since the QR showed (or since a simulated payment): the first ones are fast. */
  const reads = useRef(0);
  /** Reads the booking at once (the polling effect sets it while it runs). */
  const pollNow = useRef<() => void>(() => {});
  const onPaid = useRef(opts.onPaid);
  onPaid.current = opts.onPaid;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new QR for a new balance, or when asked again (attempt)
  useEffect(() => {
    let alive = true;
    setState({ phase: 'loading' });
    api
      .post<ApiEnvelope<PayNowIntent>>('/api/payments/paynow', { registrationId })
      .then((res) => {
        if (alive) setState({ phase: 'ready', intent: res.data, paid: false });
      })
      .catch((e: unknown) => {
        if (alive) setState({ phase: 'error', ...failure(e) });
      });
    return () => {
      alive = false;
    };
  }, [registrationId, balanceCents, attempt]);

  const intentId = state.phase === 'ready' && !state.paid ? state.intent.paymentIntentId : null;

  useEffect(() => {
    if (!intentId) return;
    const paying = intentId;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    reads.current = 0;
    const key = lookupKey(reference);

    const schedule = () => {
      clearTimeout(timer);
      const delay = reads.current < PAYNOW_FAST_POLLS ? PAYNOW_POLL_MS : PAYNOW_SLOW_POLL_MS;
      timer = setTimeout(poll, delay);
    };
    async function poll() {
      clearTimeout(timer);
      if (document.hidden) return; // read again when the page is shown
      reads.current += 1;
      let r: RegistrationLookup | undefined;
      try {
        const fresh = await api.get<ApiEnvelope<RegistrationLookup>>(key);
        r = fresh.data;
        await mutate(key, fresh, { revalidate: false });
      } catch {
        // a failed read (the lookup's 429, a dropped connection): the next one may work
      }
      if (!alive) return;
      const now = r ? outcome(r) : 'due';
      if (now === 'closed') return; // the page shows the booking expired or cancelled
      if (now === 'due') return schedule();
      setState((s) => (s.phase === 'ready' ? { ...s, paid: true } : s));
      // as after a card payment: the toast, then the page shows the booking confirmed
      toaster.create({
        title: i18n.t('payment.successTitle'),
        description: i18n.t('payment.successText'),
        type: 'success',
      });
      onPaid.current(paying);
    }
    const shown = () => {
      if (!document.hidden) void poll();
    };
    pollNow.current = () => {
      reads.current = 0;
      schedule();
    };
    document.addEventListener('visibilitychange', shown);
    schedule();
    return () => {
      alive = false;
      clearTimeout(timer);
      pollNow.current = () => {};
      document.removeEventListener('visibilitychange', shown);
    };
  }, [intentId, reference, mutate]);

  /** Payment test mode: the fake Stripe pays the QR; its webhook records it and the polling sees it. */
  async function simulate() {
    if (!intentId) return;
    setSimulating(true);
    setSimulateError(undefined);
    try {
      await api.post(`/api/payments/paynow/${encodeURIComponent(intentId)}/simulate`, { registrationId });
      pollNow.current();
    } catch (e) {
      setSimulateError(failure(e).message);
    } finally {
      setSimulating(false);
    }
  }

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    simulate,
    simulating,
    simulateError,
  };
}
