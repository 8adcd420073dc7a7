/**
 * Appointment reminders (issue 26): each screening event has a schedule of offsets before the
 * appointment, each by email, SMS or both. What an order is owed is derived from its own events and
 * the schedule (planReminders), so the worker can re-derive it at any time (after a crash, or with
 * Redis emptied) and the log's Reminder* facts say what was done already.
 */
import { formatInstantDateTime } from './display-dates';
import type { Language } from './language';

export const REMINDER_CHANNELS = ['email', 'sms', 'both'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
/** One message of a reminder: 'both' is an email and an SMS. */
export type ReminderMedium = 'email' | 'sms';

export interface ReminderRule {
  /** Whole hours before the appointment, 1 .. MAX_REMINDER_OFFSET_HOURS. */
  offsetHours: number;
  channel: ReminderChannel;
}

/** Two weeks: a reminder further ahead reminds nobody of anything. */
export const MAX_REMINDER_OFFSET_HOURS = 336;
export const MAX_REMINDER_RULES = 5;

/**
 * An event without its own schedule: 72 h and 24 h before, by email (what the product did before
 * SMS existed was the 24 h email; SMS costs money per message, so an event turns it on).
 */
export const DEFAULT_REMINDER_SCHEDULE: readonly ReminderRule[] = [
  { offsetHours: 72, channel: 'email' },
  { offsetHours: 24, channel: 'email' },
];

export const REMINDER_MESSAGES = {
  notList: 'reminders must be a list of { offsetHours, channel }',
  tooMany: `reminders may hold at most ${MAX_REMINDER_RULES} entries`,
  badOffset: `offsetHours must be a whole number of hours from 1 to ${MAX_REMINDER_OFFSET_HOURS}`,
  badChannel: `channel must be one of ${REMINDER_CHANNELS.join(', ')}`,
  duplicate: 'two reminders have the same offsetHours',
} as const;

export type ScheduleResult =
  | { ok: true; schedule: ReminderRule[] }
  | { ok: false; errors: { field: string; message: string }[] };

/** Checks an admin's schedule; answers it sorted, furthest first. */
export function validateReminderSchedule(input: unknown): ScheduleResult {
  if (!Array.isArray(input))
    return { ok: false, errors: [{ field: 'reminders', message: REMINDER_MESSAGES.notList }] };
  if (input.length > MAX_REMINDER_RULES) {
    return { ok: false, errors: [{ field: 'reminders', message: REMINDER_MESSAGES.tooMany }] };
  }
  const errors: { field: string; message: string }[] = [];
  const seen = new Set<number>();
  const schedule: ReminderRule[] = [];
  input.forEach((item, i) => {
    const r = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      errors.push({ field: `reminders[${i}]`, message: REMINDER_MESSAGES.notList });
      return;
    }
    const offset = r.offsetHours;
    const okOffset =
      typeof offset === 'number' &&
      Number.isInteger(offset) &&
      offset >= 1 &&
      offset <= MAX_REMINDER_OFFSET_HOURS;
    if (!okOffset)
      errors.push({ field: `reminders[${i}].offsetHours`, message: REMINDER_MESSAGES.badOffset });
    const okChannel = (REMINDER_CHANNELS as readonly unknown[]).includes(r.channel);
    if (!okChannel) errors.push({ field: `reminders[${i}].channel`, message: REMINDER_MESSAGES.badChannel });
    if (okOffset && seen.has(offset as number)) {
      errors.push({ field: `reminders[${i}].offsetHours`, message: REMINDER_MESSAGES.duplicate });
    }
    if (okOffset) seen.add(offset as number);
    if (okOffset && okChannel)
      schedule.push({ offsetHours: offset as number, channel: r.channel as ReminderChannel });
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, schedule: schedule.sort((a, b) => b.offsetHours - a.offsetHours) };
}

/** A stored schedule (jsonb, null for the default); anything unreadable falls back to the default. */
export function reminderScheduleOrDefault(stored: unknown): ReminderRule[] {
  if (stored === null || stored === undefined) return [...DEFAULT_REMINDER_SCHEDULE];
  const r = validateReminderSchedule(stored);
  return r.ok ? r.schedule : [...DEFAULT_REMINDER_SCHEDULE];
}

export const mediaOf = (channel: ReminderChannel): ReminderMedium[] =>
  channel === 'both' ? ['email', 'sms'] : [channel];

/** One message owed to an order: for the appointment at `appointmentAt`, `offsetHours` before, by `medium`. */
export interface PlannedReminder {
  offsetHours: number;
  medium: ReminderMedium;
  /** ISO instant of the appointment it reminds of (a reschedule plans anew for the new one). */
  appointmentAt: string;
  /** ISO instant it is due. */
  dueAt: string;
}

/** The key of one planned reminder: the BullMQ job id (no ':' there) and the lock key. */
export function reminderKey(
  registrationId: number,
  r: Pick<PlannedReminder, 'offsetHours' | 'medium' | 'appointmentAt'>,
) {
  return `reminder-${registrationId}-${Date.parse(r.appointmentAt)}-${r.offsetHours}-${r.medium}`;
}

/** What planReminders reads of an order's events. */
export interface ReminderEventView {
  type: string;
  data: unknown;
}

/** The Reminder* facts: one of them closes a planned reminder (sent, failed for good, or skipped). */
export const REMINDER_OUTCOME_TYPES = ['ReminderSent', 'ReminderFailed', 'ReminderSkipped'] as const;

/**
 * The reminders of an order that are due at `now` and not done yet, from its events alone plus the
 * current appointment and the event's schedule. None when cancelled, expired or erased. A reminder
 * whose time had passed when the appointment was booked (or moved to) is not owed: booked 30 h ahead,
 * the 72 h reminder is not sent late; the 24 h one is.
 */
export function planReminders(input: {
  events: readonly ReminderEventView[];
  /** The order's current status (its folded state). */
  status: string | null;
  appointmentAt: Date;
  schedule: readonly ReminderRule[];
  now: Date;
}): PlannedReminder[] {
  const { events, now } = input;
  if (input.status === 'cancelled' || input.status === 'expired' || input.status === null) return [];
  if (events.some((e) => e.type === 'PersonalDataErased')) return [];
  const appointment = input.appointmentAt.getTime();
  if (appointment <= now.getTime()) return [];
  let plannedAt = Number.NEGATIVE_INFINITY;
  let legacyEmailSent = false;
  for (const e of events) {
    const d = e.data as { bookedAt?: string; at?: string };
    if (e.type === 'RegistrationBooked' && d.bookedAt) plannedAt = Date.parse(d.bookedAt);
    if (e.type === 'RegistrationRescheduled' && d.at) {
      plannedAt = Date.parse(d.at);
      legacyEmailSent = false;
    }
    // the single 24 h email of before (issue 26 replaced it): it stands for the schedule's emails up to 24 h
    if (e.type === 'ReminderEmailSent') legacyEmailSent = true;
  }
  const appointmentAt = input.appointmentAt.toISOString();
  const done = new Set(
    events
      .filter((e) => (REMINDER_OUTCOME_TYPES as readonly string[]).includes(e.type))
      .map((e) => e.data as { appointmentAt: string; offsetHours: number; channel: ReminderMedium })
      .filter((d) => d.appointmentAt === appointmentAt)
      .map((d) => `${d.offsetHours}:${d.channel}`),
  );
  const out: PlannedReminder[] = [];
  for (const rule of input.schedule) {
    const due = appointment - rule.offsetHours * 3_600_000;
    if (due <= plannedAt || due > now.getTime()) continue;
    for (const medium of mediaOf(rule.channel)) {
      if (done.has(`${rule.offsetHours}:${medium}`)) continue;
      if (medium === 'email' && legacyEmailSent && rule.offsetHours <= 24) continue;
      out.push({ offsetHours: rule.offsetHours, medium, appointmentAt, dueAt: new Date(due).toISOString() });
    }
  }
  return out;
}

/** The order opted out of SMS (SmsOptedOut on its stream). */
export const smsOptedOut = (events: readonly ReminderEventView[]) =>
  events.some((e) => e.type === 'SmsOptedOut');

/**
 * The appointment in Singapore time in the language's one date and time format (issue 46):
 * "Sat, 28 Nov 2026, 8:00 AM" in English (display-dates.ts).
 */
export function formatAppointmentLong(at: Date, language: Language): string {
  return formatInstantDateTime(language, at);
}
