/**
 * A reminder planned before the reminder schedule (issue 26) and still delayed in Redis: one per
 * appointment, only while the booking is still for the slot and time it was planned for.
 */
import { singaporeInstant } from '@hs/domain';
import { paymentOf, remindedSinceMove } from '../from-log';
import type { PlanOf } from '../plan';

export const reminderPlan: PlanOf<'reminder-email'> = (r, ctx) => ({
  key: `reminder-email:${r.registrationId}`,
  skip: async (read) => {
    const { state } = read;
    // One reminder per appointment: a reschedule plans a new one for the new time.
    if (remindedSinceMove(read)) return 'reminder already sent';
    if (state.status === 'cancelled') return 'registration cancelled';
    if (state.status === 'expired') return 'registration expired';
    if (state.timeslotId !== r.timeslotId) return 'booking moved to another timeslot';
    const [slot] = await ctx.sql<{ day: string; time: string }[]>`
      select to_char(date, 'YYYY-MM-DD') as day, to_char(time, 'HH24:MI') as time from timeslots where id = ${r.timeslotId}`;
    if (!slot || singaporeInstant(slot.day, slot.time).toISOString() !== r.appointmentAt) {
      return 'appointment moved';
    }
    if (new Date(r.appointmentAt).getTime() <= ctx.clock().getTime()) return 'appointment already passed';
    return null;
  },
  payment: (read) => paymentOf(read),
  recorded: remindedSinceMove,
  compose: async () => ({
    attachments: [],
    facts: (sent) => [{ type: 'RecordReminderEmailSent', ...sent }],
  }),
});
