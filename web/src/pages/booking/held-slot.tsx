import { formatDateDMY } from '@hs/domain';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { CalendarIcon, ClockIcon } from '../../components/icons';
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
  const row = css({ display: 'flex', gap: '2', alignItems: 'center' });
  return (
    <div
      className={css({
        display: 'grid',
        gap: '2',
        p: '4',
        borderRadius: 'l2',
        borderWidth: '1px',
        borderColor: 'accent.default',
        bg: 'bg.subtle',
      })}
    >
      <p className={css({ fontWeight: 'semibold' })}>{t('slots.heldTitle')}</p>
      <p className={row}>
        <CalendarIcon className={css({ color: 'accent.default' })} />
        {localDate(claim.slot.date, claim.dateLabel || formatDateDMY(claim.slot.date))}
      </p>
      <p className={row}>
        <ClockIcon className={css({ color: 'accent.default' })} />
        {claim.slot.label}
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('slots.heldSeats', { count: claim.seats })}
      </p>
    </div>
  );
}
