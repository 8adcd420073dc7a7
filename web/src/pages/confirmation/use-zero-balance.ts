import { parseRegistrationStatus } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useLocation } from 'wouter';
import { toaster } from '../../components/ui/toaster';
import { api } from '../../lib/api';
import type { RegistrationLookup } from '../../public/types';
import { referenceOf } from './appointment';
import { balanceOf } from './balance';

/** Spec section 9: redirect after direct confirmation 1.5 s. */
const CONFIRMED_REDIRECT_MS = 1500;

interface ZeroBalanceHandlers {
  /** The booking is paid now (shown at once; the read model follows). */
  onConfirmed: () => void;
  /** Recording the prepaid payment failed: the normal payment takes over. */
  onPrepaidFailed: () => void;
  /** Read the booking again. */
  refresh: () => void;
}

/**
 * A zero balance in pending_payment (spec section 4): a partner booking is confirmed by the partner
 * confirmation on load; Confirm Booking records the prepaid payment. Either way the page shows the
 * confirmed state and goes to /booking/confirmed/{referenceNumber} after 1.5 s.
 */
export function useZeroBalance(
  registration: RegistrationLookup | undefined,
  reference: string,
  handlers: ZeroBalanceHandlers,
) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const autoConfirmed = useRef(false);

  async function confirm(how: 'partner' | 'prepaid') {
    if (!registration) return;
    const ref = referenceOf(registration, reference);
    setConfirming(true);
    try {
      if (how === 'partner') await api.post(`/api/registrations/${registration.id}/confirm-wc-booking`);
      else
        await api.post(`/api/registrations/${registration.id}/payment`, {
          transactionId: `prepaid-${ref}`,
          amount: 0,
          method: 'prepaid',
        });
      handlers.onConfirmed();
      toaster.create({
        title: t('msg.bookingConfirmed'),
        description: t('confirmation.confirmedToast'),
        type: 'success',
      });
      setTimeout(() => navigate(`/booking/confirmed/${encodeURIComponent(ref)}`), CONFIRMED_REDIRECT_MS);
      handlers.refresh();
    } catch {
      toaster.create({
        title: t('confirmation.failedTitle'),
        description: t('confirmation.failed'),
        type: 'error',
      });
      // Spec section 8: a failed zero-balance recording falls through to the normal payment attempt:
      // the panel opens as soon as the booking, read again, shows what is due.
      if (how === 'prepaid') {
        handlers.onPrepaidFailed();
        handlers.refresh();
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
      void confirm('partner');
    }
  }, [registration]);

  return { confirming, confirmPrepaid: () => confirm('prepaid') };
}
