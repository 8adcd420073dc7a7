/** The cancellation: once per registration, nothing attached. */
import { has } from '../from-log';
import type { PlanOf } from '../plan';
import { workerFact } from '../../../registration';

export const cancellationPlan: PlanOf<'cancellation-email'> = ({ registrationId: id }) => ({
  key: `cancellation-email:${id}`,
  skip: (read) => (has(read, 'CancellationEmailSent') ? 'cancellation already sent' : null),
  payment: () => null,
  compose: async () => ({
    attachments: [],
    facts: (sent) => [workerFact({ type: 'CancellationEmailSent', data: sent })],
  }),
});
