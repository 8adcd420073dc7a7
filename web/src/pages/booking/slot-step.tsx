import { slotsLeft } from '@hs/domain';
import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { UsersIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ChoiceGroup } from '../../public/choice-group';
import type { PublicTimeslot } from '../../public/types';
import { type Venue, VenuePanel } from '../../public/venue';
import { Notice } from '../../components/notice';
import { localDate } from '../../i18n/format';
import { FIELD_ID_PREFIX as F } from './wizard-logic';

export const NO_TIMESLOTS_MESSAGE =
  'No timeslots available for this postal code. Please try a different postal code or contact our support team.';

export const ALL_FULL_MESSAGE = 'All appointment slots in your region are fully booked.';
export const DATE_FULL_MESSAGE = 'This date is fully booked.';

const isFree = (t: PublicTimeslot) => t.isAvailable && t.maxAttendees > t.currentAttendees;

/** "Join the waiting list" under a notice: for a date, or for any date (null). */
function JoinWaitlist({ date, onJoin }: { date: string | null; onJoin: (date: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', flex: '1 1 14rem' })}>{t('slots.joinText')}</p>
      <Button type="button" variant="outline" onClick={() => onJoin(date)}>
        <UsersIcon />
        {t('slots.join')}
      </Button>
    </div>
  );
}

export interface SlotStepProps {
  groups: { date: { label: string; value: string }; timeslots: PublicTimeslot[] }[];
  loading: boolean;
  error: unknown;
  regionName?: string | undefined;
  /** Where the region's appointments happen (issue 46; the postal-code lookup's answer). */
  venue?: Venue | null | undefined;
  selectedDate: string | null;
  timeslotId: number | null;
  onDate: (date: string) => void;
  onTime: (id: number) => void;
  /** Offered when no date has a free seat, or the chosen date is full (the booking wizard only). */
  onJoinWaitlist?: ((date: string | null) => void) | undefined;
}

/** Step 3: a date, then a time on it, in the postal code's region. */
export function SlotStep({
  groups,
  loading,
  error,
  regionName,
  venue,
  selectedDate,
  timeslotId,
  onDate,
  onTime,
  onJoinWaitlist,
}: SlotStepProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div aria-busy="true" className={css({ display: 'grid', gap: '3' })}>
        <span className={css({ srOnly: true })}>{t('slots.loading')}</span>
        <Skeleton h="14" />
        <Skeleton h="14" />
        <Skeleton h="14" />
      </div>
    );
  }
  const open = groups.filter((g) => g.timeslots.length > 0);
  const anyFree = open.some((g) => g.timeslots.some(isFree));
  if (error || open.length === 0 || (!anyFree && onJoinWaitlist)) {
    return (
      <div className={css({ display: 'grid', gap: '4' })}>
        <Notice tone="warning" ariaRole="alert">
          <p>{!error && open.length > 0 ? t('msg.allFull') : t('msg.noTimeslots')}</p>
        </Notice>
        {/* a region without a free seat (not a lookup failure): the waiting list instead */}
        {!error && onJoinWaitlist ? <JoinWaitlist date={null} onJoin={onJoinWaitlist} /> : null}
      </div>
    );
  }
  const group = open.find((g) => g.date.value === selectedDate);
  const dateFull = group !== undefined && !group.timeslots.some(isFree);
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      {regionName ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('slots.showingRegion', { region: regionName })}
        </p>
      ) : null}
      {venue ? <VenuePanel venue={venue} /> : null}
      <ChoiceGroup
        id={`${F}date`}
        label={t('slots.selectDate')}
        name="date"
        columns={2}
        compact
        value={selectedDate}
        onChange={onDate}
        options={open.map((g) => ({
          value: g.date.value,
          label: localDate(g.date.value, g.date.label),
          description: t('slots.timesAvailable', { count: g.timeslots.filter(isFree).length }),
        }))}
      />
      {dateFull && onJoinWaitlist ? (
        <div className={css({ display: 'grid', gap: '3' })}>
          <Notice tone="warning" ariaRole="alert">
            <p>{t('msg.dateFull')}</p>
          </Notice>
          <JoinWaitlist date={group.date.value} onJoin={onJoinWaitlist} />
        </div>
      ) : null}
      {group ? (
        <ChoiceGroup
          id={`${F}timeslotId`}
          label={t('slots.selectTime')}
          name="timeslotId"
          columns={3}
          compact
          value={timeslotId ? String(timeslotId) : null}
          onChange={(v) => onTime(Number(v))}
          options={group.timeslots.map((slot) => {
            const full = !slot.isAvailable || slot.currentAttendees >= slot.maxAttendees;
            return {
              value: String(slot.id),
              label: slot.label,
              description: full ? t('slots.unavailable') : t('slots.slotsLeft', { count: slotsLeft(slot) }),
              disabled: full,
            };
          })}
        />
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('slots.chooseDate')}</p>
      )}
    </div>
  );
}
