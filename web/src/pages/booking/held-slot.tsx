import { formatDateDMY } from '@hs/domain';
import { css } from 'styled-system/css';
import { CalendarIcon, ClockIcon } from '../../components/icons';
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
      <p className={css({ fontWeight: 'semibold' })}>Your held appointment slot</p>
      <p className={row}>
        <CalendarIcon className={css({ color: 'accent.default' })} />
        {claim.dateLabel || formatDateDMY(claim.slot.date)}
      </p>
      <p className={row}>
        <ClockIcon className={css({ color: 'accent.default' })} />
        {claim.slot.label}
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        These {claim.seats === 1 ? 'seat is' : `${claim.seats} seats are`} held for you from the waiting list.
      </p>
    </div>
  );
}
