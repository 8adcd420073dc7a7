import { useMemo, useState } from 'react';
import useSWR from 'swr';
import type { postalTimeslotsKey } from '../../lib/swr-keys';
import type { PostalTimeslotsResponse } from '../../public/types';
import { applyFreshSlots, type FreshSlot, nextFreeSlot } from './fresh-slots';
import type { SlotStepProps } from './slot-step';

/**
 * A region's timeslots by date and the date and time picked among them: what SlotStep shows.
 * `key` is null while there is no postal code to ask about; `leaveOut` is a timeslot not to offer
 * (the one the booking already has).
 */
export function useSlotChoice(key: ReturnType<typeof postalTimeslotsKey> | null, leaveOut?: number) {
  const query = useSWR<PostalTimeslotsResponse>(key);
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [timeslotId, setTimeslotId] = useState<number | null>(null);
  const groups = useMemo(
    () =>
      Object.values(query.data?.data ?? {})
        .map((g) =>
          leaveOut === undefined ? g : { ...g, timeslots: g.timeslots.filter((t) => t.id !== leaveOut) },
        )
        .sort((a, b) => a.date.value.localeCompare(b.date.value)),
    [query.data, leaveOut],
  );
  const group = groups.find((g) => g.date.value === selectedDate);
  const slot = group?.timeslots.find((t) => t.id === timeslotId);
  const stepProps: SlotStepProps = {
    groups,
    loading: query.isLoading,
    error: query.error,
    regionName: query.data?.regionName,
    venue: query.data?.venue ?? null,
    selectedDate,
    timeslotId,
    onDate: (date) => {
      setSelectedDate(date);
      setTimeslotId(null); // a new date resets the time
    },
    onTime: setTimeslotId,
  };
  /** A new postal code: its region has other slots. */
  const clear = () => {
    setSelectedDate(null);
    setTimeslotId(null);
  };
  /**
   * A booking refused for a full slot (issue 50): that day's slots as the refusal gave them (fresher
   * than a cached read), and the next free one chosen; none when the day is full.
   */
  const offerFresh = (fresh: FreshSlot[]) => {
    void query.mutate((data) => (data ? applyFreshSlots(data, fresh) : data), { revalidate: false });
    if (fresh[0]) setSelectedDate(fresh[0].date);
    setTimeslotId(nextFreeSlot(fresh, timeslotId)?.id ?? null);
  };
  return { query, group, slot, selectedDate, timeslotId, setTimeslotId, clear, offerFresh, stepProps };
}
