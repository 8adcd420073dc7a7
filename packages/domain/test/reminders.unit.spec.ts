import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SCHEDULE,
  type ReminderRule,
  formatAppointmentLong,
  planReminders,
  reminderKey,
  reminderScheduleOrDefault,
  validateReminderSchedule,
} from '../src/reminders';

const H = 3_600_000;
// Saturday 28 November 2026, 8:00 AM in Singapore
const appointmentAt = new Date('2026-11-28T00:00:00Z');
const booked = (at: string) => ({ type: 'RegistrationBooked', data: { bookedAt: at } });
const schedule: ReminderRule[] = [
  { offsetHours: 72, channel: 'both' },
  { offsetHours: 24, channel: 'email' },
];
const at = (hoursBefore: number) => new Date(appointmentAt.getTime() - hoursBefore * H);
const plan = (events: { type: string; data: unknown }[], now: Date, status = 'confirmed') =>
  planReminders({ events, status, appointmentAt, schedule, now }).map((r) => `${r.offsetHours}:${r.medium}`);

describe('reminder schedule validation', () => {
  it('accepts a schedule and sorts it furthest first', () => {
    expect(
      validateReminderSchedule([
        { offsetHours: 24, channel: 'email' },
        { offsetHours: 72, channel: 'both' },
      ]),
    ).toEqual({ ok: true, schedule: [...schedule] });
    expect(validateReminderSchedule([])).toEqual({ ok: true, schedule: [] });
  });

  it.each([
    [null, 'reminders'],
    [{}, 'reminders'],
    [[{ offsetHours: 0, channel: 'email' }], 'reminders[0].offsetHours'],
    [[{ offsetHours: 337, channel: 'email' }], 'reminders[0].offsetHours'],
    [[{ offsetHours: 1.5, channel: 'email' }], 'reminders[0].offsetHours'],
    [[{ offsetHours: '24', channel: 'email' }], 'reminders[0].offsetHours'],
    [[{ offsetHours: 24, channel: 'fax' }], 'reminders[0].channel'],
    [[{ offsetHours: 24 }], 'reminders[0].channel'],
    [[42], 'reminders[0]'],
    [
      [
        { offsetHours: 24, channel: 'email' },
        { offsetHours: 24, channel: 'sms' },
      ],
      'reminders[1].offsetHours',
    ],
    [Array.from({ length: 6 }, (_, i) => ({ offsetHours: i + 1, channel: 'sms' })), 'reminders'],
  ])('refuses %j at %s', (input, field) => {
    const r = validateReminderSchedule(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field)).toContain(field);
  });

  it('a stored schedule: null or unreadable is the default', () => {
    expect(reminderScheduleOrDefault(null)).toEqual(DEFAULT_REMINDER_SCHEDULE);
    expect(reminderScheduleOrDefault([{ offsetHours: -1 }])).toEqual(DEFAULT_REMINDER_SCHEDULE);
    expect(reminderScheduleOrDefault(schedule)).toEqual(schedule);
  });
});

describe('planReminders: what an order is owed, from its events', () => {
  const events = [booked(at(24 * 10).toISOString())];

  it('nothing before the first offset; each offset and channel once due', () => {
    expect(plan(events, at(73))).toEqual([]);
    expect(plan(events, at(72))).toEqual(['72:email', '72:sms']);
    expect(plan(events, at(30))).toEqual(['72:email', '72:sms']);
    expect(plan(events, at(24))).toEqual(['72:email', '72:sms', '24:email']);
  });

  it('a reminder done (sent, failed or skipped) for this appointment is not owed again', () => {
    const ref = { appointmentAt: appointmentAt.toISOString(), offsetHours: 72 };
    const done = [
      ...events,
      { type: 'ReminderSent', data: { ...ref, channel: 'email' } },
      { type: 'ReminderSkipped', data: { ...ref, channel: 'sms' } },
      { type: 'ReminderFailed', data: { ...ref, offsetHours: 24, channel: 'email' } },
    ];
    expect(plan(done, at(1))).toEqual([]);
  });

  it('a fact for another appointment time does not count', () => {
    const other = { appointmentAt: '2026-11-20T00:00:00.000Z', offsetHours: 72, channel: 'email' };
    expect(plan([...events, { type: 'ReminderSent', data: other }], at(72))).toEqual(['72:email', '72:sms']);
  });

  it('booked after an offset passed: that reminder is not sent late', () => {
    expect(plan([booked(at(30).toISOString())], at(29))).toEqual([]);
    expect(plan([booked(at(30).toISOString())], at(24))).toEqual(['24:email']);
    expect(plan([booked(at(2).toISOString())], at(1))).toEqual([]);
  });

  it('a reschedule plans anew from its own time', () => {
    const moved = [...events, { type: 'RegistrationRescheduled', data: { at: at(48).toISOString() } }];
    expect(plan(moved, at(47))).toEqual([]);
    expect(plan(moved, at(24))).toEqual(['24:email']);
  });

  it('cancelled, expired, erased or past: nothing', () => {
    expect(plan(events, at(1), 'cancelled')).toEqual([]);
    expect(plan(events, at(1), 'expired')).toEqual([]);
    expect(plan([...events, { type: 'PersonalDataErased', data: {} }], at(1))).toEqual([]);
    expect(plan(events, at(0))).toEqual([]);
    expect(plan(events, at(-1))).toEqual([]);
  });

  it('pending payment and paid orders are reminded like confirmed ones', () => {
    expect(plan(events, at(72), 'pending_payment')).toEqual(['72:email', '72:sms']);
    expect(plan(events, at(72), 'paid')).toEqual(['72:email', '72:sms']);
  });

  it("the single 24 h email of before the schedule counts as the schedule's email up to 24 h", () => {
    const legacy = [...events, { type: 'ReminderEmailSent', data: {} }];
    expect(plan(legacy, at(24))).toEqual(['72:email', '72:sms']);
  });

  it('the key names the order, the appointment, the offset and the channel', () => {
    expect(
      reminderKey(7, { offsetHours: 72, medium: 'sms', appointmentAt: appointmentAt.toISOString() }),
    ).toBe(`reminder-7-${appointmentAt.getTime()}-72-sms`);
  });
});

describe('the appointment written out (Singapore time)', () => {
  // issue 46: the one date and time format per language (display-dates.ts)
  it('English word for word', () => {
    expect(formatAppointmentLong(appointmentAt, 'en')).toBe('Sat, 28 Nov 2026, 8:00 AM');
    expect(formatAppointmentLong(new Date('2026-11-28T06:30:00Z'), 'en')).toBe('Sat, 28 Nov 2026, 2:30 PM');
  });

  it('the other languages in their Singapore locale', () => {
    expect(formatAppointmentLong(appointmentAt, 'zh')).toContain('2026年11月28日 星期六');
    expect(formatAppointmentLong(appointmentAt, 'ms')).toContain('Sab, 28 Nov 2026');
    expect(formatAppointmentLong(appointmentAt, 'ta')).toContain('2026');
  });
});
