import { LabeledSelect } from '../components/labeled-select';
import {
  DEFAULT_REMINDER_SCHEDULE,
  MAX_REMINDER_OFFSET_HOURS,
  MAX_REMINDER_RULES,
  REMINDER_CHANNELS,
  type ReminderChannel,
  type ReminderRule,
  validateReminderSchedule,
} from '@hs/domain';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { PlusIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';

/** One row as typed: the hours stay text until saved. */
export interface ReminderRow {
  offsetHours: string;
  channel: ReminderChannel;
}

const CHANNEL_LABELS: Record<ReminderChannel, string> = { email: 'Email', sms: 'SMS', both: 'Email and SMS' };

export const reminderRows = (rules: readonly ReminderRule[] | undefined): ReminderRow[] =>
  (rules ?? DEFAULT_REMINDER_SCHEDULE).map((r) => ({
    offsetHours: String(r.offsetHours),
    channel: r.channel,
  }));

/** The rows as the api takes them, or the first problem with them (the api's own message). */
export function reminderSchedule(
  rows: ReminderRow[],
): { ok: true; value: ReminderRule[] } | { ok: false; message: string } {
  const parsed = rows.map((r) => ({
    offsetHours: r.offsetHours.trim() === '' ? Number.NaN : Number(r.offsetHours),
    channel: r.channel,
  }));
  const result = validateReminderSchedule(parsed);
  return result.ok ? { ok: true, value: result.schedule } : { ok: false, message: result.errors[0]!.message };
}

/** The event's reminder schedule (issue 26): hours before the appointment, and by which channel. */
export function ReminderScheduleEditor({
  rows,
  onChange,
  error,
}: {
  rows: ReminderRow[];
  onChange: (rows: ReminderRow[]) => void;
  error?: string | undefined;
}) {
  const set = (i: number, patch: Partial<ReminderRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="2">
      <p className={css({ fontWeight: 'semibold' })}>Reminders</p>
      <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
        Sent before each appointment, with the preparation notes, in the booking's language.
      </p>
      {rows.length === 0 ? (
        <p className={css({ textStyle: 'sm' })}>No reminders are sent for this event.</p>
      ) : null}
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place while edited
        <HStack key={i} gap="2" alignItems="end" flexWrap="wrap">
          <Field.TextField
            label={`Hours before (${i + 1})`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_REMINDER_OFFSET_HOURS}
            value={row.offsetHours}
            onChange={(e) => set(i, { offsetHours: e.target.value })}
          />
          <LabeledSelect
            label={`Channel (${i + 1})`}
            value={row.channel}
            onChange={(e) => set(i, { channel: e.target.value as ReminderChannel })}
          >
            {REMINDER_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </LabeledSelect>
          <Button
            type="button"
            variant="outline"
            aria-label={`Remove reminder ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </HStack>
      ))}
      {rows.length < MAX_REMINDER_RULES ? (
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => onChange([...rows, { offsetHours: '', channel: 'email' }])}
          >
            <PlusIcon /> Add reminder
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className={css({ color: 'fg.error', textStyle: 'sm' })}>
          {error}
        </p>
      ) : null}
    </Stack>
  );
}
