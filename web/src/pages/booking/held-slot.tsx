import { formatDateDMY } from '@hs/domain';
import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { SlotSummary } from '../../public/slot-summary';
import { localDate } from '../../i18n/format';
import type { PersonalValues } from './wizard-logic';
import type { PublicTimeslot } from '../../public/types';

/** A waiting-list offer being completed through the wizard. */
export interface WaitlistClaim {
  /** The `/waitlist/{token}` token, sent as `waitlistToken` with the booking. */
  token: string;
  packageId: number;
  /** Seats the offer holds: the most people the booking can have. */
  seats: number;
  slot: PublicTimeslot;
  dateLabel: string;
  /** The details given when joining. */
  personal: Partial<PersonalValues>;
}

/** Step 3 of an offer's booking: the held slot, not a choice. */
export function HeldSlot({ claim }: { claim: WaitlistClaim }) {
  const { t } = useTranslation();
  return (
    <SlotSummary
      heading={t('slots.heldTitle')}
      date={localDate(claim.slot.date, claim.dateLabel || formatDateDMY(claim.slot.date))}
      time={claim.slot.label}
    >
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('slots.heldSeats', { count: claim.seats })}
      </p>
    </SlotSummary>
  );
}
