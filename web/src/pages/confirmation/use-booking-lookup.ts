import { parseRegistrationStatus } from '@hs/domain';
import { useRef } from 'react';
import useSWR from 'swr';
import { type ApiEnvelope, api } from '../../lib/api';
import { lookupKey } from '../../lib/swr-keys';
import type { RegistrationLookup } from '../../public/types';
import { balanceOf } from './balance';
import { untilFound } from './lookup-retry';

/** How often the page reads the booking again while its payment or confirmation email settles. */
export const POLL_MS = 3000;

/**
 * At most this many reads after the first (about a minute at POLL_MS). Each read counts against the
 * lookup's per-reference limit (60 in 10 minutes, then 429), so a page left open must not use it up.
 */
export const MAX_POLLS = 20;

/**
 * The booking behind the confirmation page. `fresh`: the page was opened by a booking just made
 * (`?booked=1` or `?showPayment=true`, kept by a reload), so a 404 means the read model has not caught
 * up yet and the lookup is tried again for about 10 s; a visit without either fails at once.
 * Polls until the payment status and the confirmation email settle, for at most MAX_POLLS reads;
 * a failed read stops the polling (a later read the page asks for, e.g. 'Try again', starts it again
 * within the same bound).
 */
export function useBookingLookup(reference: string, fresh: boolean) {
  /** Set once a payment succeeded here: the read model may still say pending for a moment. */
  const paidHere = useRef(false);
  /** Reads made so far on this page (the first one included). */
  const reads = useRef(0);
  /** The last read failed: no more polling until a read succeeds. */
  const failed = useRef(false);
  const swr = useSWR<ApiEnvelope<RegistrationLookup>>(
    reference ? lookupKey(reference) : null,
    (key: string) => {
      reads.current += 1;
      const load = () => api.get<ApiEnvelope<RegistrationLookup>>(key);
      return fresh ? untilFound(load) : load();
    },
    {
      onError: () => {
        failed.current = true;
      },
      onSuccess: () => {
        failed.current = false;
      },
      refreshInterval: (latest) => {
        const r = latest?.data;
        if (!r || failed.current || reads.current > MAX_POLLS) return 0;
        const status = parseRegistrationStatus(r.status);
        if (status === 'cancelled' || status === 'expired') return 0;
        if (status === 'pending_payment' && balanceOf(r) > 0 && !paidHere.current) return 0;
        return r.confirmationEmailSent ? 0 : POLL_MS;
      },
    },
  );
  return { ...swr, paidHere };
}
