import { slotsLeftLabel } from '@hs/domain';
import { css } from 'styled-system/css';
import { Skeleton } from '../../components/ui/skeleton';
import { ChoiceGroup } from '../../public/choice-group';
import type { PublicTimeslot } from '../../public/types';
import { WarningNotice } from '../../public/warning-notice';
import { FIELD_ID_PREFIX as F } from './wizard-logic';

export const NO_TIMESLOTS_MESSAGE =
  'No timeslots available for this postal code. Please try a different postal code or contact our support team.';

export interface SlotStepProps {
  groups: { date: { label: string; value: string }; timeslots: PublicTimeslot[] }[];
  loading: boolean;
  error: unknown;
  regionName?: string | undefined;
  selectedDate: string | null;
  timeslotId: number | null;
  onDate: (date: string) => void;
  onTime: (id: number) => void;
}

/** Step 3: a date, then a time on it, in the postal code's region. */
export function SlotStep({
  groups,
  loading,
  error,
  regionName,
  selectedDate,
  timeslotId,
  onDate,
  onTime,
}: SlotStepProps) {
  if (loading) {
    return (
      <div aria-busy="true" className={css({ display: 'grid', gap: '3' })}>
        <span className={css({ srOnly: true })}>Loading timeslots</span>
        <Skeleton h="14" />
        <Skeleton h="14" />
        <Skeleton h="14" />
      </div>
    );
  }
  const open = groups.filter((g) => g.timeslots.length > 0);
  if (error || open.length === 0) {
    return (
      <WarningNotice>
        <p>{NO_TIMESLOTS_MESSAGE}</p>
      </WarningNotice>
    );
  }
  const group = open.find((g) => g.date.value === selectedDate);
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      {regionName ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Showing appointment slots for the {regionName} region.
        </p>
      ) : null}
      <ChoiceGroup
        id={`${F}date`}
        label="Select a date"
        name="date"
        columns={2}
        compact
        value={selectedDate}
        onChange={onDate}
        options={open.map((g) => ({
          value: g.date.value,
          label: g.date.label,
          description: `${g.timeslots.filter((t) => t.isAvailable && t.maxAttendees > t.currentAttendees).length} times available`,
        }))}
      />
      {group ? (
        <ChoiceGroup
          id={`${F}timeslotId`}
          label="Select a time"
          name="timeslotId"
          columns={3}
          compact
          value={timeslotId ? String(timeslotId) : null}
          onChange={(v) => onTime(Number(v))}
          options={group.timeslots.map((t) => {
            const full = !t.isAvailable || t.currentAttendees >= t.maxAttendees;
            return {
              value: String(t.id),
              label: t.label,
              description: full ? 'Unavailable' : slotsLeftLabel(t),
              disabled: full,
            };
          })}
        />
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Choose a date to see the available times.
        </p>
      )}
    </div>
  );
}
