/**
 * The rescheduled email: the new appointment with the updated calendar invite. One email per
 * reschedule (its sequence); the order is read at the reschedule's version or later.
 */
import { type RegistrationRescheduled, formatAppointmentDate, formatAppointmentTime } from '@hs/domain';
import type { RescheduledVariables } from '@hs/notifications';
import { type RegistrationRead, workerFact } from '../../../registration';
import { invite } from '../attachments';
import { causeOf, has, languageOf, paymentOf, reschedules } from '../from-log';
import type { PlanOf } from '../plan';

export const rescheduledPlan: PlanOf<'rescheduled-email'> = ({ registrationId: id, causeEventId }, ctx) => {
  const move = (read: RegistrationRead) => {
    const cause = causeOf(read, causeEventId);
    return cause?.type === 'RegistrationRescheduled'
      ? (cause.data as RegistrationRescheduled['data'])
      : undefined;
  };
  const recorded = (read: RegistrationRead) =>
    has(read, 'RescheduledEmailSent', { sequence: move(read)?.sequence });
  return {
    key: `rescheduled-email:${id}:${causeEventId}`,
    skip: (read) => {
      const m = move(read);
      if (!m) return 'reschedule not found';
      if (recorded(read)) return 'rescheduled email already sent';
      // A later move sends its own email: this one's time is stale.
      if (reschedules(read).length > m.sequence) return 'rescheduled again since';
      if (read.state.status === 'cancelled' || read.state.status === 'expired')
        return `registration ${read.state.status}`;
      return null;
    },
    payment: (read) => paymentOf(read),
    recorded,
    compose: async ({ read, order }) => {
      const m = move(read)!;
      const language = languageOf(read);
      const variables: RescheduledVariables = {
        previousTimeslotDate: formatAppointmentDate(language, m.fromDate),
        previousTimeslotTime: formatAppointmentTime(language, m.fromTime),
      };
      return {
        variables,
        attachments: invite(read, order, ctx.clock()),
        facts: (sent) => [
          workerFact({ type: 'RescheduledEmailSent', data: { ...sent, sequence: m.sequence } }),
        ],
      };
    },
  };
};
