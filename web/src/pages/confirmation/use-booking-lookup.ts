import { parseRegistrationStatus } from '@hs/domain';
import { useRef } from 'react';
import useSWR from 'swr';
import { type ApiEnvelope, api } from '../../lib/api';
import { lookupKey } from '../../lib/swr-keys';
import type { RegistrationLookup } from '../../public/types';
import { balanceOf } from './balance';
import { untilFound } from './lookup-retry';

/** How often the page reads the booking again while its payment or confirmation email settles. */
const POLL_MS = 3000;

/**
 * The booking behind the confirmation page. `fresh`: the page was opened by a booking just made
 * (`?booked=1` or `?showPayment=true`, kept by a reload), so a 404 means the read model has not caught
 * up yet and the lookup is tried again for about 10 s; a visit without either fails at once.
 * Polls until the payment status and the confirmation email settle.
 */
export function useBookingLookup(reference: string, fresh: boolean) {
  /** Set once a payment succeeded here: the read model may still say pending for a moment. */
  const paidHere = useRef(false);
  const swr = useSWR<ApiEnvelope<RegistrationLookup>>(
    reference ? lookupKey(reference) : null,
    (key: string) => {
      const load = () => api.get<ApiEnvelope<RegistrationLookup>>(key);
      return fresh ? untilFound(load) : load();
    },
    {
      refreshInterval: (latest) => {
        const r = latest?.data;
        if (!r) return 0;
        const status = parseRegistrationStatus(r.status);
        if (status === 'cancelled' || status === 'expired') return 0;
        if (status === 'pending_payment' && balanceOf(r) > 0 && !paidHere.current) return 0;
        return r.confirmationEmailSent ? 0 : POLL_MS;
      },
    },
  );
  return { ...swr, paidHere };
}
