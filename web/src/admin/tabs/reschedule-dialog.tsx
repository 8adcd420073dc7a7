import { isRegion, regionName } from '@hs/domain';
import type { AdminOrder, RescheduleResult, Timeslot, TimeslotSearchAnswer } from '@hs/contracts';
import { type FormEvent, useRef, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import * as Field from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { type ApiEnvelope, api } from '../../lib/api';
import { ChoiceGroup } from '../../public/choice-group';
import { FormDialog } from '../components/form-dialog';
import { ADMIN_PATHS, failureMessage, toastSuccess } from '../lib/admin-api';
import { useAsyncAction } from '../components/use-async-action';

export const RESCHEDULE_DIALOG_MESSAGES = {
  chooseSlot: 'Please select a timeslot',
  noSlots: 'No timeslots on this date.',
} as const;

/** The seats a move needs: one per participant (an order without a list is one person). */
const seatsOf = (order: AdminOrder) => Math.max(1, order.participants?.length ?? 0);

const regionLabel = (region: string | null) => (isRegion(region) ? regionName(region) : 'Any region');

/**
 * Staff's Reschedule: one date's slots of the order's event in every region, with seats left; a slot
 * without room for the order's participants (or blocked, or its current one) cannot be chosen. No
 * cut-off applies here. Mount it afresh for each opening (a `key`).
 */
export function RescheduleDialog({
  order,
  open,
  onOpenChange,
  onRescheduled,
}: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRescheduled: () => void;
}) {
  const [date, setDate] = useState(order.timeslotDate ?? '');
  const [timeslotId, setTimeslotId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { pending, run } = useAsyncAction();
  const formRef = useRef<HTMLFormElement>(null);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const { data, error, isLoading, mutate } = useSWR<TimeslotSearchAnswer>(
    validDate ? [ADMIN_PATHS.timeslotSearch, { eventId: order.eventId, date }] : null,
  );
  const slots: Timeslot[] = (data?.data[date]?.timeslots ?? [])
    .slice()
    .sort(
      (a, b) => a.time.localeCompare(b.time) || regionLabel(a.region).localeCompare(regionLabel(b.region)),
    );
  const seats = seatsOf(order);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const slot = slots.find((s) => s.id === timeslotId);
    if (!slot) {
      setFailure(RESCHEDULE_DIALOG_MESSAGES.chooseSlot);
      return;
    }
    setFailure(null);
    await run(
      async () => {
        const res = await api.post<ApiEnvelope<RescheduleResult>>(
          `${ADMIN_PATHS.orders}/${order.id}/reschedule`,
          {
            timeslotId: slot.id,
          },
        );
        toastSuccess(
          'Order rescheduled',
          `${order.referenceNumber} moved to ${res.data.dateLabel}, ${res.data.label}.`,
        );
        onRescheduled();
        onOpenChange(false);
      },
      (e) => {
        setFailure(failureMessage(e));
        void mutate();
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reschedule"
      description={`Move order ${order.referenceNumber} (${seats} seat${seats === 1 ? '' : 's'}) to another timeslot of ${order.eventName ?? 'its event'}.`}
      submitLabel="Reschedule"
      pending={pending}
      onSubmit={submit}
      formRef={formRef}
      failure={failure}
    >
      <Field.TextField
        label="Date"
        name="date"
        type="date"
        required
        value={date}
        onChange={(e) => {
          setDate(e.target.value);
          setTimeslotId(null);
        }}
      />
      {!validDate ? null : isLoading ? (
        <div aria-busy="true" className={css({ display: 'grid', gap: '2' })}>
          <span className={css({ srOnly: true })}>Loading timeslots</span>
          <Skeleton h="12" />
          <Skeleton h="12" />
        </div>
      ) : error ? (
        <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
          Failed to load the timeslots: {failureMessage(error)}
        </p>
      ) : slots.length === 0 ? (
        <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>{RESCHEDULE_DIALOG_MESSAGES.noSlots}</p>
      ) : (
        <ChoiceGroup
          id="reschedule-timeslot"
          label="Timeslot"
          name="timeslotId"
          columns={2}
          compact
          value={timeslotId ? String(timeslotId) : null}
          onChange={(v) => setTimeslotId(Number(v))}
          options={slots.map((s) => {
            const left = Math.max(0, s.maxAttendees - s.currentAttendees);
            const current = s.id === order.timeslotId;
            return {
              value: String(s.id),
              label: `${s.label} · ${regionLabel(s.region)}`,
              description: current
                ? 'Current timeslot'
                : !s.isAvailable
                  ? 'Blocked'
                  : left === 0
                    ? 'Full'
                    : `${left} seat${left === 1 ? '' : 's'} left`,
              disabled: current || !s.isAvailable || left < seats,
            };
          })}
        />
      )}
    </FormDialog>
  );
}
