/**
 * The reminder facts of an order (issue 26), appended by the worker to the registration stream. Each
 * closes one planned reminder (its appointment, offset and channel): planReminders reads them to know
 * what was done.
 */
import type { DomainEvent } from '../decider';
import type { ReminderMedium } from '../reminders';

interface ReminderRef {
  offsetHours: number;
  channel: ReminderMedium;
  /** ISO instant of the appointment it reminded of. */
  appointmentAt: string;
  timeslotId: number;
  at: string;
}

/** Sent: the provider's id (SMTP message id, SMS sid). */
export type ReminderSent = DomainEvent<'ReminderSent', ReminderRef & { providerId: string | null }>;
/** Every attempt failed (or the provider refused for good). */
export type ReminderFailed = DomainEvent<'ReminderFailed', ReminderRef & { reason: string }>;
export type ReminderSkipReason = 'invalid-number' | 'opted-out';
/** Not sent on purpose: no SMS-capable number, or the customer opted out of SMS. */
export type ReminderSkipped = DomainEvent<'ReminderSkipped', ReminderRef & { reason: ReminderSkipReason }>;
/** The customer opted out of SMS for this order from the link in a reminder. */
export type SmsOptedOut = DomainEvent<'SmsOptedOut', { at: string }>;

export type ReminderEvent = ReminderSent | ReminderFailed | ReminderSkipped | SmsOptedOut;

export const REMINDER_EVENT_TYPES = [
  'ReminderSent',
  'ReminderFailed',
  'ReminderSkipped',
  'SmsOptedOut',
] as const satisfies readonly ReminderEvent['type'][];

const channelName = (c: ReminderMedium) => (c === 'sms' ? 'SMS' : 'email');

/** The order history's line of a reminder fact; null for any other event. */
export function summarizeReminderEvent(event: { type: string; data: unknown }): string | null {
  const e = event as ReminderEvent;
  switch (e.type) {
    case 'ReminderSent':
      return `Reminder ${channelName(e.data.channel)} sent (${e.data.offsetHours} h before${e.data.providerId ? `, id ${e.data.providerId}` : ''})`;
    case 'ReminderFailed':
      return `Reminder ${channelName(e.data.channel)} failed (${e.data.offsetHours} h before): ${e.data.reason}`;
    case 'ReminderSkipped':
      return `Reminder ${channelName(e.data.channel)} skipped (${e.data.offsetHours} h before): ${e.data.reason === 'opted-out' ? 'opted out of SMS' : 'no mobile number for SMS'}`;
    case 'SmsOptedOut':
      return 'Opted out of SMS reminders';
    default:
      return null;
  }
}
