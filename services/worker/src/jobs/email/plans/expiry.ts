/**
 * The expiry email: the unpaid reservation released, with a link to book again. One email per
 * expiry: an order revived by a late payment may expire again.
 */
import { type RegistrationExpired, formatInstantDateTime } from '@hs/domain';
import type { ExpiryVariables } from '@hs/notifications';
import { eventUrl } from '../../../order';
import { type RegistrationRead, workerFact } from '../../../registration';
import { causeOf, has, languageOf } from '../from-log';
import type { PlanOf } from '../plan';

export const expiryPlan: PlanOf<'expiry-email'> = ({ registrationId: id, causeEventId }, ctx) => {
  const expiredAt = (read: RegistrationRead) =>
    (causeOf(read, causeEventId)?.data as RegistrationExpired['data'])?.at;
  const recorded = (read: RegistrationRead) => has(read, 'ExpiryEmailSent', { expiredAt: expiredAt(read) });
  return {
    key: `expiry-email:${id}:${causeEventId}`,
    skip: (read) =>
      expiredAt(read) === undefined
        ? 'expiry not found'
        : recorded(read)
          ? 'expiry email already sent'
          : read.state.status !== 'expired'
            ? 'reserved again since it expired'
            : null,
    payment: () => null,
    recorded,
    compose: async ({ read, order }) => {
      const at = expiredAt(read)!;
      const variables: ExpiryVariables = {
        eventUrl: await eventUrl(ctx.sql, ctx.publicBaseUrl, order.eventId),
        expiredAt: formatInstantDateTime(languageOf(read), at),
      };
      return {
        variables,
        attachments: [],
        facts: (sent) => [workerFact({ type: 'ExpiryEmailSent', data: { ...sent, expiredAt: at } })],
      };
    },
  };
};
